import { eq } from "drizzle-orm";
import type { TokenPair } from "../../../../shared/schemas/auth.ts";
import { first } from "../../../db/query.ts";
import { oidcHandoffs } from "../../../db/schema.ts";
import { atomically } from "../../../db/transaction.ts";
import { hashSecretHex } from "../../../lib/tokens.ts";
import { recordAudit } from "../../audit/record.ts";
import type { RequestMeta, ServiceDeps } from "../../deps.ts";
import { findUserById } from "../../users/records.ts";
import { type Admission, admit, answerAdmission, type ProofRefused } from "../admission.ts";
import { sameHash } from "./flow.ts";

const CODE_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** What the callback may have recorded for an identity it found no account for. */
const CALLBACK_REFUSALS = ["IDENTITY_NOT_LINKED", "ORG_NOT_ALLOWED", "DOMAIN_NOT_ALLOWED"] as const;

/**
 * POST /login/oidc/complete: the hand-off code from the callback's fragment, from the
 * browser that started the flow (its binding cookie), once, within 60 s. The proven
 * identity then asks the admission like any sign-in: the account's own rules apply (an
 * inactive account, an unproved address when required, two-factor unless the provider
 * is trusted for it: then 401 with an `mfa_token`, as after a password).
 */
export async function completeProviderSignIn(
	deps: ServiceDeps,
	code: string,
	binding: string | undefined,
	meta: RequestMeta,
): Promise<TokenPair> {
	await deps.limiter.take(deps, "login", meta.ip);
	const outcome = await atomically(deps, async (deps): Promise<Admission | ProofRefused> => {
		const handoff = CODE_SHAPE.test(code)
			? await first(
					deps.db
						.delete(oidcHandoffs)
						.where(eq(oidcHandoffs.codeHash, hashSecretHex(code)))
						.returning(),
				)
			: undefined;
		const user = handoff?.userId ? await findUserById(deps, handoff.userId) : undefined;
		const held =
			handoff &&
			binding !== undefined &&
			handoff.expiresAt > deps.clock() &&
			sameHash(handoff.bindingHash, hashSecretHex(binding));
		if (!held) {
			// A code no flow gave says nothing of its provider: "oidc" then.
			const during = deps.config.oidcProviders.find((one) => one.id === handoff?.provider)?.kind ?? "oidc";
			await recordAudit(deps, {
				action: "auth.login_failed",
				subject: user ?? null,
				meta,
				details: { during, reason: "handoff" },
			});
			return { refused: "PROVIDER_SIGN_IN_FAILED" };
		}
		// The callback's audit row already says why no account took this identity.
		if (!user)
			return { refused: CALLBACK_REFUSALS.find((reason) => reason === handoff.refusal) ?? "PROVIDER_SIGN_IN_FAILED" };
		const provider = deps.config.oidcProviders.find((one) => one.id === handoff.provider);
		// A provider removed from the configuration since the callback signs nobody in.
		if (!provider) return { refused: "PROVIDER_NOT_FOUND" };
		return admit(
			deps,
			user,
			{
				method: provider.kind,
				provider: provider.id,
				providerCoversTwoFactor: provider.bypassTwoFactor,
				sessionTtlMs: provider.sessionTtlMs,
			},
			meta,
		);
	});
	return answerAdmission(deps, outcome, meta);
}
