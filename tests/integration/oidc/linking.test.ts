import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvents, userIdentities } from "../../../server/db/schema.ts";
import { api } from "../../helpers/http.ts";
import { callbackFragment, completeHandoff, roundTrip, startFromApp } from "../../helpers/oidc-link.ts";
import { throughProvider } from "../../helpers/oidc-sign-in.ts";
import { linkIdentity, type OidcWorld, oidcWorld } from "../../helpers/oidc-world.ts";
import { mutate } from "../../helpers/trpc.ts";
import { outbox } from "../../helpers/two-factor.ts";
import { seedUser, type TestUser } from "../../helpers/users.ts";

/**
 * Linking an identity from Settings, against a real provider (oidc-provider on a loopback
 * port): the signed-in app starts the flow (POST, recent authentication), the browser goes
 * through the provider, and the callback links in one transaction, or says why not in the
 * fragment of /login/sso.
 */
const LINK = "/users/me/identities/company/link";

const identitiesOf = (w: OidcWorld, userId: string) =>
	w.db.select().from(userIdentities).where(eq(userIdentities.userId, userId));

const auditOf = async (w: OidcWorld, action: string) =>
	(await w.db.select().from(auditEvents).where(eq(auditEvents.action, action))).map((row) => ({
		subjectId: row.subjectId,
		details: JSON.parse(row.details),
	}));

async function linkAs(w: OidcWorld, user: TestUser, sub: string, claims = {}) {
	w.op.signInAs(sub, claims);
	return roundTrip(w.app, LINK, user.headers, { return_to: "/settings/security" });
}

describe("linking an identity from Settings", () => {
	it("links the identity that came back, whatever its e-mail (the person proved both sides), and says so", async () => {
		const w = await oidcWorld({ NAME: "Company SSO" });
		const user = await seedUser(w.app, { email: "ada@example.com" });
		// Neither verified nor in an allowed domain: a sign-in would never link it by e-mail; a link from Settings does.
		const fragment = await linkAs(w, user, "ada-sub", { email: "ada@elsewhere.org", email_verified: false });
		expect(fragment).toEqual({ linked: "company", return_to: "/settings/security" });
		expect(await identitiesOf(w, user.id)).toMatchObject([
			{ provider: "company", issuer: w.op.issuer, subject: "ada-sub", emailAtLink: "ada@elsewhere.org" },
		]);
		expect(await auditOf(w, "identity.link")).toEqual([
			{ subjectId: user.id, details: { provider: "company", by: "settings" } },
		]);
		const mails = await outbox(w.app, w.dataDir);
		expect(mails.map((mail) => mail.subject)).toEqual(["A sign-in provider was linked"]);
		expect(mails[0]?.text).toContain("Company SSO");
	});

	it("the linked identity then signs in to the account", async () => {
		const w = await oidcWorld({ NAME: "Company SSO" });
		const user = await seedUser(w.app);
		await linkAs(w, user, "ada-sub");
		w.op.signInAs("ada-sub");
		const started = await api(w.app, "GET", "/login/oidc/company");
		const binding = started.cookies.find((cookie) => cookie.name === "portico_oidc")?.value;
		const fragment = await callbackFragment(w.app, await throughProvider(String(started.headers.location)), binding);
		const signedIn = await completeHandoff(w.app, fragment.handoff, binding);
		expect(signedIn.statusCode).toBe(200);
		const events = await auditOf(w, "auth.login");
		expect(events.at(-1)).toEqual({ subjectId: user.id, details: { method: "oidc", provider: "company" } });
	});

	it("needs a recent proof of identity: REAUTH_REQUIRED, and no flow starts", async () => {
		const w = await oidcWorld({ NAME: "Company SSO" });
		const user = await seedUser(w.app);
		w.advance(w.app.deps.config.reauthWindowMs + 1);
		const started = await startFromApp(w.app, LINK, user.headers);
		expect([started.res.statusCode, started.res.json()]).toEqual([403, { detail: "Please confirm your identity" }]);
		expect(started.cookie).toBeUndefined();
	});

	it("an identity linked to another account is refused (IDENTITY_LINKED_ELSEWHERE), nothing changes", async () => {
		const w = await oidcWorld({ NAME: "Company SSO" });
		const owner = await seedUser(w.app);
		const user = await seedUser(w.app);
		await linkIdentity(w, owner.id, "taken-sub");
		const fragment = await linkAs(w, user, "taken-sub");
		expect(fragment).toEqual({ error: "IDENTITY_LINKED_ELSEWHERE", return_to: "/settings/security" });
		expect(await identitiesOf(w, user.id)).toEqual([]);
		expect((await identitiesOf(w, owner.id)).map((row) => row.subject)).toEqual(["taken-sub"]);
		expect(await auditOf(w, "identity.link")).toEqual([]);
		expect(await auditOf(w, "auth.login_failed")).toEqual([
			{
				subjectId: user.id,
				details: { during: "link", provider: "company", reason: "IDENTITY_LINKED_ELSEWHERE" },
			},
		]);
	});

	it("a second identity of the same provider is refused (PROVIDER_ALREADY_LINKED); the same one again changes nothing", async () => {
		const w = await oidcWorld({ NAME: "Company SSO" });
		const user = await seedUser(w.app);
		expect(await linkAs(w, user, "first-sub")).toMatchObject({ linked: "company" });
		expect(await linkAs(w, user, "second-sub")).toEqual({
			error: "PROVIDER_ALREADY_LINKED",
			return_to: "/settings/security",
		});
		expect(await linkAs(w, user, "first-sub")).toMatchObject({ linked: "company" });
		expect((await identitiesOf(w, user.id)).map((row) => row.subject)).toEqual(["first-sub"]);
		expect(await auditOf(w, "identity.link")).toHaveLength(1);
	});

	it("the session that started it must still be live when the provider answers", async () => {
		const w = await oidcWorld({ NAME: "Company SSO" });
		const user = await seedUser(w.app);
		w.op.signInAs("ada-sub");
		const started = await startFromApp(w.app, LINK, user.headers, { return_to: "/settings/security" });
		const query = await throughProvider(started.authorizationUrl);
		expect((await api(w.app, "POST", "/login/logout", { headers: user.headers })).statusCode).toBe(200);
		expect(await callbackFragment(w.app, query, started.binding)).toEqual({
			error: "INVALID_CREDENTIALS",
			return_to: "/settings/security",
		});
		expect(await identitiesOf(w, user.id)).toEqual([]);
	});

	it("finishes only in the browser that started it (the flow's cookie)", async () => {
		const w = await oidcWorld({ NAME: "Company SSO" });
		const user = await seedUser(w.app);
		w.op.signInAs("ada-sub");
		const started = await startFromApp(w.app, LINK, user.headers);
		expect(started.cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/api/v1/login/oidc" });
		const query = await throughProvider(started.authorizationUrl);
		expect(await callbackFragment(w.app, query, undefined)).toEqual({ error: "PROVIDER_SIGN_IN_FAILED" });
		expect(await identitiesOf(w, user.id)).toEqual([]);
	});

	it("an unknown provider is a 404; the tRPC twin starts the same flow", async () => {
		const w = await oidcWorld({ NAME: "Company SSO" });
		const user = await seedUser(w.app);
		const unknown = await api(w.app, "POST", "/users/me/identities/nope/link", { headers: user.headers, body: {} });
		expect(unknown.statusCode).toBe(404);
		w.op.signInAs("ada-sub");
		const twin = await mutate(w.app, "identities.startLink", { provider: "company" }, { headers: user.headers });
		const url = (twin.data as { authorization_url: string }).authorization_url;
		expect(new URL(url).origin).toBe(new URL(w.op.issuer).origin);
		const cookie = String(twin.headers["set-cookie"]).match(/portico_oidc=([^;]+)/)?.[1];
		expect(await callbackFragment(w.app, await throughProvider(url), cookie)).toEqual({
			linked: "company",
			return_to: "/",
		});
		expect(
			await w.db
				.select()
				.from(userIdentities)
				.where(and(eq(userIdentities.userId, user.id), eq(userIdentities.subject, "ada-sub"))),
		).toHaveLength(1);
	});
});
