import type { UserRow } from "../../db/schema.ts";
import { recordAudit } from "../audit/record.ts";
import type { RequestMeta, ServiceDeps } from "../deps.ts";

/**
 * A login whose proof held (a password, a passkey, a second factor) for an account that
 * may not sign in (deactivated, or its address unproved under EMAIL_VERIFICATION=required):
 * a failed login in the audit log, with the reason's word. Inside the login's transaction.
 */
export async function refusedAfterProof<R extends "INACTIVE_USER" | "EMAIL_NOT_VERIFIED">(
	deps: ServiceDeps,
	user: Pick<UserRow, "id" | "email">,
	meta: RequestMeta,
	refusal: R,
	details: Record<string, string> = {},
): Promise<R> {
	const reason = refusal === "INACTIVE_USER" ? "inactive" : "email_not_verified";
	await recordAudit(deps, { action: "auth.login_failed", subject: user, meta, details: { ...details, reason } });
	return refusal;
}
