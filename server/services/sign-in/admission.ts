import type { ErrorReason } from "../../../shared/errors.ts";
import type { TokenPair } from "../../../shared/schemas/auth.ts";
import type { ProviderKind } from "../../config-oidc.ts";
import type { UserRow } from "../../db/schema.ts";
import { assertInsideTransaction } from "../../db/transaction.ts";
import { fail } from "../../domain/errors.ts";
import type { MailMessage } from "../../mail/mailer.ts";
import { automaticVerificationMail } from "../account/email-verification.ts";
import { recordAudit } from "../audit/record.ts";
import type { RequestMeta, ServiceDeps } from "../deps.ts";
import { announceSpentFactor, hasTwoFactor, type SpentFactor, spendSecondFactor } from "../factors/two-factor.ts";
import { createSession, type ProviderSession } from "../sessions/session.ts";
import { passwordRefused, recordEnforcedRefusal } from "../users/enforced-provider.ts";
import { clearFailedLogins, recordFailedLogin } from "../users/login-throttle.ts";
import { type FirstStep, issueMfaToken } from "./mfa-tokens.ts";
import { assertProofTriesLeft, countProofFailure, tellOwnerIfLocked } from "./proof-limits.ts";
import { refusedAfterProof } from "./refusals.ts";

/**
 * The one place that decides whether a proven identity gets a session (docs/decisions/038).
 * A sign-in (password, passkey, the second step) only proves who is there; then, in the
 * transaction that would write the session and with the account row read in it, the
 * admission applies the account's own rules in this order: the login back-off is lifted
 * once every factor the account asks for has held; a deactivated account is refused; an
 * unproved address under EMAIL_VERIFICATION=required is refused (with a fresh link); an
 * account with two-factor gets its code checked, or a token for the second step; then the
 * session and its `auth.login` row.
 */

/** What the caller proved about the account it hands over. */
export type Proof =
	/** The account's password, with the form's two-factor code when one was sent. */
	| { method: "password"; code?: string | undefined }
	/** The second step: a live mfa token (the password held before) and its code. */
	| { method: "password"; during: "two_factor"; code: string }
	/** A passkey with user verification: both factors at once. */
	| { method: "passkey" }
	/**
	 * An identity proven by a provider (its id_token checked; GitHub: its API read with the
	 * code's token), linked to the account. The account's second factor is still asked unless
	 * the provider is trusted for it. The session it opens ends after the provider's
	 * SESSION_TTL at the latest (leavers).
	 */
	| { method: ProviderKind; provider: string; providerCoversTwoFactor: boolean; sessionTtlMs: number }
	/** The second step after a provider's sign-in: its mfa token remembers the provider. */
	| { method: ProviderKind; provider: string; during: "two_factor"; code: string; sessionTtlMs: number };

type AdmissionRefusal = "INACTIVE_USER" | "EMAIL_NOT_VERIFIED" | "INVALID_TOTP_CODE" | "PASSWORD_SIGN_IN_DISABLED";

export type Admission =
	| { admitted: TokenPair; user: UserRow; spent?: SpentFactor }
	| { mfaToken: string }
	| { refused: AdmissionRefusal; user: UserRow; verification?: MailMessage | null };

/** A caller's own refusal of its proof (a wrong password, an unknown passkey), answered like the admission's. */
export type ProofRefused = { refused: ErrorReason };

/** The audit details a refusal of this proof carries, as each sign-in wrote them before there was one admission. */
function refusalDetails(proof: Proof): Record<string, string> {
	if ("provider" in proof && "during" in proof)
		return { during: proof.during, method: proof.method, provider: proof.provider };
	if ("during" in proof) return { during: proof.during };
	if ("provider" in proof) return { method: proof.method, provider: proof.provider };
	return proof.method === "password" ? {} : { method: proof.method };
}

/**
 * Inside the transaction that writes the session (`deps` are its deps), with `user` read in
 * it: refusals are returned, not thrown, so that what they write (the audit row, a lifted
 * back-off, a failed code) commits with the answer.
 */
export async function admit(deps: ServiceDeps, user: UserRow, proof: Proof, meta: RequestMeta): Promise<Admission> {
	// Decided outside the write's transaction, a rule could be undone before the session is written.
	assertInsideTransaction(deps.db, "admit()");
	// Re-checked here, with the row read in the write's transaction: a superuser demoted, or a
	// provider made to enforce its domain, since the password was checked.
	if (proof.method === "password" && passwordRefused(deps.config, user.email, user)) {
		await recordEnforcedRefusal(deps, user.email, user, meta, "during" in proof ? proof.during : undefined);
		return { refused: "PASSWORD_SIGN_IN_DISABLED", user };
	}
	const providerCoversTwoFactor = "providerCoversTwoFactor" in proof && proof.providerCoversTwoFactor;
	const secondFactorDue = hasTwoFactor(user) && proof.method !== "passkey" && !providerCoversTwoFactor;
	// With two-factor the back-off lifts only once the code held too: a known password must
	// not reopen the guessing of codes.
	if (!secondFactorDue) await clearFailedLogins(deps, user.email);
	const details = refusalDetails(proof);
	if (!user.isActive) return { refused: await refusedAfterProof(deps, user, meta, "INACTIVE_USER", details), user };
	if (deps.config.emailVerification === "required" && !user.emailVerified) {
		const verification = await automaticVerificationMail(deps, user, meta);
		return { refused: await refusedAfterProof(deps, user, meta, "EMAIL_NOT_VERIFIED", details), user, verification };
	}
	let spent: SpentFactor | undefined;
	if (secondFactorDue) {
		const code = "code" in proof ? proof.code : undefined;
		if (code === undefined || code === "") return { mfaToken: await issueMfaToken(deps, user.id, firstStepOf(proof)) };
		// Thrown, so that what the caller took for this try (a try of the mfa token) is given back.
		await assertProofTriesLeft(deps, "second_factor", { userId: user.id });
		spent = (await spendSecondFactor(deps, user, code, meta)) ?? undefined;
		if (!spent) {
			await failedCode(deps, user, meta);
			return { refused: "INVALID_TOTP_CODE", user };
		}
		await clearFailedLogins(deps, user.email);
	}
	const admitted = await createSession(deps, user.id, meta, providerSessionOf(deps, proof));
	await recordAudit(deps, {
		action: "auth.login",
		actor: user,
		subject: user,
		meta,
		details: loginDetails(proof, user, spent),
	});
	return spent ? { admitted, user, spent } : { admitted, user };
}

/** How the first step was proven, for the mfa token of the second: the second step's `auth.login` says it. */
const firstStepOf = (proof: Proof): FirstStep =>
	"provider" in proof ? { method: proof.method, provider: proof.provider } : { method: "password" };

/** A session through a provider ends after its SESSION_TTL at the latest, whatever refreshes it (leavers). */
const providerSessionOf = (deps: ServiceDeps, proof: Proof): ProviderSession | undefined =>
	"provider" in proof ? { provider: proof.provider, endsAt: deps.clock() + proof.sessionTtlMs } : undefined;

/** The `auth.login` row's details: how, through which provider, with which second factor. */
function loginDetails(proof: Proof, user: UserRow, spent: SpentFactor | undefined): Record<string, string> {
	const details: Record<string, string> =
		"provider" in proof ? { method: proof.method, provider: proof.provider } : { method: proof.method };
	if (spent) details.factor = spent.factor;
	if ("providerCoversTwoFactor" in proof && proof.providerCoversTwoFactor && hasTwoFactor(user))
		details.second_factor = "idp";
	return details;
}

/**
 * A wrong code: the login back-off of this account and client grows, the account's count
 * of wrong codes too (whatever the client), and the attempt is recorded.
 */
async function failedCode(deps: ServiceDeps, user: UserRow, meta: RequestMeta): Promise<void> {
	await recordFailedLogin(deps, user.email, meta.ip);
	await countProofFailure(deps, "second_factor", { userId: user.id });
	await recordAudit(deps, { action: "auth.login_failed", subject: user, meta, details: { during: "two_factor" } });
}

/**
 * After the admission's transaction committed: the mail and notices it left to send, then
 * the tokens, or the refusal as an error (MFA_REQUIRED carries the token of the second step).
 */
export async function answerAdmission(
	deps: ServiceDeps,
	outcome: Admission | ProofRefused,
	meta: RequestMeta,
): Promise<TokenPair> {
	if ("mfaToken" in outcome) return fail("MFA_REQUIRED", { extra: { mfa_token: outcome.mfaToken } });
	if ("refused" in outcome) {
		if ("verification" in outcome && outcome.verification) deps.mailer.send(outcome.verification);
		if (outcome.refused === "INVALID_TOTP_CODE" && "user" in outcome)
			await tellOwnerIfLocked(deps, "second_factor", outcome.user, meta);
		return fail(outcome.refused);
	}
	if (outcome.spent) announceSpentFactor(deps, outcome.user, outcome.spent, meta);
	return outcome.admitted;
}
