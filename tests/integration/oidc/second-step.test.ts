import { describe, expect, it } from "vitest";
import { DomainError } from "../../../server/domain/errors.ts";
import type { TokenPair } from "../../../shared/schemas/auth.ts";
import { api } from "../../helpers/http.ts";
import { lastAudit, linkIdentity, type OidcWorld, oidcWorld, providerSignIn } from "../../helpers/oidc-world.ts";
import { rawGet } from "../../helpers/raw-sql.ts";
import { totpAt } from "../../helpers/totp.ts";
import { enableTwoFactor, mfaTokenOf, type TwoFactorUser } from "../../helpers/two-factor.ts";
import { seedUser } from "../../helpers/users.ts";

/**
 * The mfa token remembers how the first step was proven: after a provider's sign-in with
 * two-factor on, the second step's session is the provider's (capped by its SESSION_TTL) and
 * its `auth.login` says so, with the factor that completed it.
 */
const HOUR = 3_600_000;

async function twoFactorThroughProvider(): Promise<{ w: OidcWorld; user: TwoFactorUser; mfaToken: string }> {
	const w = await oidcWorld({ SESSION_TTL: "1h" });
	const user = await enableTwoFactor(w.app, await seedUser(w.app), w.now);
	await linkIdentity(w, user.id, "alice-sub");
	const asked = await providerSignIn(w, "alice-sub").catch((error: DomainError) => error);
	expect(asked).toBeInstanceOf(DomainError);
	const mfaToken = (asked as DomainError).extra?.mfa_token;
	if (typeof mfaToken !== "string") throw new Error("no mfa token");
	return { w, user, mfaToken };
}

const secondStep = (w: OidcWorld, mfaToken: string, code: string) =>
	api(w.app, "POST", "/login/mfa", { body: { mfa_token: mfaToken, code } });

const endsAtOf = async (w: OidcWorld, tokens: TokenPair) =>
	(
		await rawGet<{ ends_at: number | null }>(w.db, "SELECT ends_at FROM sessions WHERE id = ?", [
			tokens.access_token.split(".")[0],
		])
	)?.ends_at;

describe("the second step after a provider's sign-in", () => {
	it("auth.login says {method: oidc, provider, factor}, and the session ends at the provider's SESSION_TTL", async () => {
		const { w, user, mfaToken } = await twoFactorThroughProvider();
		const res = await secondStep(w, mfaToken, totpAt(user.secret, w.now(), 1));
		expect(res.statusCode).toBe(200);
		expect(await lastAudit(w, "auth.login")).toEqual({
			subjectId: user.id,
			details: { method: "oidc", provider: "company", factor: "totp" },
		});
		expect(await endsAtOf(w, res.json() as TokenPair)).toBe(w.now() + HOUR);
	});

	it("with a recovery code too", async () => {
		const { w, user, mfaToken } = await twoFactorThroughProvider();
		const res = await secondStep(w, mfaToken, user.recoveryCodes[0] ?? "");
		expect(res.statusCode).toBe(200);
		expect((await lastAudit(w, "auth.login"))?.details).toEqual({
			method: "oidc",
			provider: "company",
			factor: "recovery_code",
		});
	});

	it("after a password it stays a password's: {method: password, factor}, no hard end", async () => {
		const w = await oidcWorld({ SESSION_TTL: "1h" });
		const user = await enableTwoFactor(w.app, await seedUser(w.app), w.now);
		const res = await secondStep(w, await mfaTokenOf(w.app, user), totpAt(user.secret, w.now(), 1));
		expect(res.statusCode).toBe(200);
		expect((await lastAudit(w, "auth.login"))?.details).toEqual({ method: "password", factor: "totp" });
		expect(await endsAtOf(w, res.json() as TokenPair)).toBeNull();
	});

	it("a provider removed from the configuration between the steps signs nobody in", async () => {
		const { w, user, mfaToken } = await twoFactorThroughProvider();
		w.config.oidcProviders.splice(0);
		const res = await secondStep(w, mfaToken, totpAt(user.secret, w.now(), 1));
		expect(res.json()).toMatchObject({ detail: "This sign-in has expired, please log in again" });
		expect((await lastAudit(w, "auth.login_failed"))?.details).toEqual({
			during: "two_factor",
			reason: "provider_removed",
		});
	});
});
