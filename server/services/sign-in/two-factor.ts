import { and, eq, gt, sql } from "drizzle-orm";
import type { TokenPair } from "../../../shared/schemas/auth.ts";
import type { MfaLoginInput } from "../../../shared/schemas/two-factor.ts";
import { first } from "../../db/query.ts";
import { mfaTokens, type UserRow } from "../../db/schema.ts";
import { atomically } from "../../db/transaction.ts";
import { fail } from "../../domain/errors.ts";
import { hashSecretHex } from "../../lib/tokens.ts";
import { recordAudit } from "../audit/record.ts";
import type { RequestMeta, ServiceDeps } from "../deps.ts";
import { hasTwoFactor } from "../factors/two-factor.ts";
import { assertNotLockedOut } from "../users/login-throttle.ts";
import { findUserById } from "../users/records.ts";
import { type Admission, admit, answerAdmission, type Proof, type ProofRefused } from "./admission.ts";
import { MFA_TOKEN_SHAPE } from "./mfa-tokens.ts";

export { MAX_LIVE_MFA_TOKENS, MFA_TOKEN_TRIES, MFA_TOKEN_TTL_MS } from "./mfa-tokens.ts";

type MfaTokenRow = typeof mfaTokens.$inferSelect;

/** A token that is unknown, used up or expired: a failed login (on its account when known). Inside a transaction. */
async function invalidToken(
	deps: ServiceDeps,
	user: UserRow | null,
	meta: RequestMeta,
	reason: string,
): Promise<ProofRefused> {
	await recordAudit(deps, {
		action: "auth.login_failed",
		subject: user,
		meta,
		details: { during: "two_factor", reason },
	});
	return { refused: "MFA_TOKEN_INVALID" };
}

/** The second step's proof, as the first was proven (a password, or a provider still configured). */
function secondStepProof(deps: ServiceDeps, token: MfaTokenRow, code: string): Proof | undefined {
	if (token.method === "password") return { method: "password", during: "two_factor", code };
	// The provider the first step went through, still configured and of the kind it was then.
	const provider = deps.config.oidcProviders.find((one) => one.id === token.provider && one.kind === token.method);
	if (!provider) return undefined;
	return {
		method: provider.kind,
		provider: provider.id,
		during: "two_factor",
		code,
		sessionTtlMs: provider.sessionTtlMs,
	};
}

/**
 * POST /login/mfa: the second step. Each try spends one of the token's five (taken before
 * the code is looked at, so concurrent tries cannot exceed them); a token holds only while
 * its account is active with two-factor on. The admission then checks the code under the
 * rules of the first step (a wrong one counts as a failed login for the back-off); the
 * token ends with any answer but a wrong code with tries left.
 * An unknown or spent token is a failed login too.
 */
export async function completeMfaLogin(deps: ServiceDeps, input: MfaLoginInput, meta: RequestMeta): Promise<TokenPair> {
	const { db, clock } = deps;
	await deps.limiter.take(deps, "login", meta.ip);
	const tokenHash = MFA_TOKEN_SHAPE.test(input.mfa_token) ? hashSecretHex(input.mfa_token) : null;
	const pending = tokenHash
		? await first(db.select().from(mfaTokens).where(eq(mfaTokens.tokenHash, tokenHash)))
		: undefined;
	const owner = pending ? await findUserById(deps, pending.userId) : undefined;
	if (!tokenHash || !pending || !owner) {
		await atomically(deps, async (deps) => invalidToken(deps, null, meta, "mfa_token_invalid"));
		return fail("MFA_TOKEN_INVALID");
	}
	await assertNotLockedOut(deps, owner.email, meta.ip);
	const outcome = await atomically(deps, async (deps): Promise<Admission | ProofRefused> => {
		const now = clock();
		const claimed = await first(
			deps.db
				.update(mfaTokens)
				.set({ attemptsLeft: sql`${mfaTokens.attemptsLeft} - 1` })
				.where(and(eq(mfaTokens.tokenHash, tokenHash), gt(mfaTokens.attemptsLeft, 0), gt(mfaTokens.expiresAt, now)))
				.returning(),
		);
		const end = () => deps.db.delete(mfaTokens).where(eq(mfaTokens.tokenHash, tokenHash));
		if (!claimed) {
			await end();
			return await invalidToken(deps, owner, meta, "mfa_token_expired");
		}
		const user = await findUserById(deps, claimed.userId);
		// Deactivated, or two-factor turned off by an admin, since the password was checked: start again.
		if (!user?.isActive || !hasTwoFactor(user)) {
			await end();
			return await invalidToken(deps, user ?? null, meta, user?.isActive ? "two_factor_off" : "inactive");
		}
		const proof = secondStepProof(deps, claimed, input.code);
		// The provider of the first step was removed from the configuration meanwhile: it signs nobody in.
		if (!proof) {
			await end();
			return await invalidToken(deps, user, meta, "provider_removed");
		}
		const admission = await admit(deps, user, proof, meta);
		const triesLeft = "refused" in admission && admission.refused === "INVALID_TOTP_CODE" && claimed.attemptsLeft > 0;
		if (!triesLeft) await end();
		return admission;
	});
	return answerAdmission(deps, outcome, meta);
}
