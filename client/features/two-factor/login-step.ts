/**
 * The token of the second login step, when a login was refused for want of a two-factor
 * code (reason MFA_REQUIRED, the token in the error's data); null for any other failure.
 */
export function mfaTokenOf(error: unknown): string | null {
	const data = (error as { data?: { reason?: unknown; extra?: { mfa_token?: unknown } | null } } | null)?.data;
	const token = data?.extra?.mfa_token;
	return data?.reason === "MFA_REQUIRED" && typeof token === "string" ? token : null;
}
