import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { first } from "../../../server/db/query.ts";
import { auditEvents, users, webauthnChallenges } from "../../../server/db/schema.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { api, bearer, TOKEN_SHAPE } from "../../helpers/http.ts";
import { addPasskey, signedLoginChallenge, TEST_ORIGIN } from "../../helpers/passkeys.ts";
import { enableTwoFactor, outbox } from "../../helpers/two-factor.ts";
import { seedUser } from "../../helpers/users.ts";
import { SoftAuthenticator } from "../../helpers/webauthn.ts";

const MINUTE = 60_000;
const CONFIRM = { detail: "Please confirm your identity" };
const INVALID = { detail: "Invalid passkey" };
const REGISTRATION_FAILED = { detail: "The passkey could not be registered, please try again" };
const NOT_FOUND = { detail: "Passkey not found" };
const CHROME_MAC =
	"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

type App = Awaited<ReturnType<typeof buildTestApp>>["app"];
type Headers = { authorization: string };

const registrationOptions = async (app: App, headers: Headers) =>
	(await api(app, "POST", "/users/me/passkeys/options", { headers })).json();
const register = (app: App, headers: Headers, body: unknown) =>
	api(app, "POST", "/users/me/passkeys", { headers, body });
const passkeyLogin = (app: App, response: unknown, ip = "127.0.0.1") =>
	api(app, "POST", "/login/passkey", { body: { response }, ip });

describe("adding a passkey", () => {
	it("options for a discoverable credential of this account, for PUBLIC_URL's host, with user verification", async () => {
		const { app } = await buildTestApp({ env: { PUBLIC_URL: "https://accounts.example.org/" } });
		const user = await seedUser(app, { fullName: "Ada Lovelace" });
		const res = await api(app, "POST", "/users/me/passkeys/options", { headers: user.headers });
		expect(res.statusCode).toBe(200);
		expect(res.headers["cache-control"]).toBe("no-store");
		const options = res.json();
		expect(options.rp).toEqual({ name: "Portico", id: "accounts.example.org" });
		expect(options.user).toEqual({
			id: Buffer.from(user.id).toString("base64url"),
			name: user.email,
			displayName: "Ada Lovelace",
		});
		expect(options.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "required" });
		expect(options.attestation).toBe("none");
		expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
	});

	it("keeps the credential, names it after the browser, lists it, tells the owner and audits it", async () => {
		const { app, db, dataDir } = await buildTestApp();
		const user = await seedUser(app);
		const authenticator = new SoftAuthenticator(TEST_ORIGIN);
		const response = authenticator.register(await registrationOptions(app, user.headers));
		const res = await api(app, "POST", "/users/me/passkeys", {
			headers: { ...user.headers, "user-agent": CHROME_MAC },
			body: { response },
		});
		expect(res.statusCode).toBe(200);
		const added = res.json();
		expect(added).toEqual({
			id: response.id,
			name: "Chrome on macOS",
			created_at: expect.any(String),
			last_used_at: null,
		});
		const list = await api(app, "GET", "/users/me/passkeys", { headers: user.headers });
		expect(list.json()).toEqual({ data: [added], count: 1 });
		const notice = (await outbox(app, dataDir)).find((mail) => mail.subject === "A passkey was added");
		expect(notice?.text).toContain("Chrome on macOS");
		const event = await first(db.select().from(auditEvents).where(eq(auditEvents.action, "passkey.add")));
		expect(event).toMatchObject({ actorId: user.id, subjectId: user.id });
		expect(JSON.parse(event?.details ?? "")).toEqual({ name: "Chrome on macOS" });
		// A name given is kept as given (trimmed).
		const second = new SoftAuthenticator(TEST_ORIGIN).register(await registrationOptions(app, user.headers));
		const named = await register(app, user.headers, { response: second, name: "  Work laptop " });
		expect(named.json()).toMatchObject({ name: "Work laptop" });
	});

	it("needs a recent proof of identity, for the options and for the credential", async () => {
		const { app, advance } = await buildTestApp();
		const user = await seedUser(app);
		const options = await registrationOptions(app, user.headers);
		advance(11 * MINUTE);
		const late = await api(app, "POST", "/users/me/passkeys/options", { headers: user.headers });
		expect(late.statusCode).toBe(403);
		expect(late.json()).toEqual(CONFIRM);
		const response = new SoftAuthenticator(TEST_ORIGIN).register(options);
		expect((await register(app, user.headers, { response })).json()).toEqual(CONFIRM);
	});

	it("refuses a used challenge, one older than 5 minutes, another account's, another origin and an unverified user", async () => {
		const { app, advance } = await buildTestApp();
		const user = await seedUser(app);
		const other = await seedUser(app);
		const authenticator = new SoftAuthenticator(TEST_ORIGIN);
		const refused = async (response: unknown) => {
			const res = await register(app, user.headers, { response });
			expect(res.statusCode).toBe(400);
			expect(res.json()).toEqual(REGISTRATION_FAILED);
		};

		const once = authenticator.register(await registrationOptions(app, user.headers));
		expect((await register(app, user.headers, { response: once })).statusCode).toBe(200);
		await refused(once);

		const stale = authenticator.register(await registrationOptions(app, user.headers));
		advance(5 * MINUTE + 1);
		await api(app, "POST", "/login/reauthenticate", { headers: user.headers, body: { password: user.password } });
		await refused(stale);

		await refused(authenticator.register(await registrationOptions(app, other.headers)));
		await refused(
			authenticator.register(await registrationOptions(app, user.headers), { origin: "https://evil.test" }),
		);
		await refused(authenticator.register(await registrationOptions(app, user.headers), { userVerified: false }));
		expect((await api(app, "GET", "/users/me/passkeys", { headers: user.headers })).json().count).toBe(1);
	});

	it("a credential already registered (to anyone) is 409", async () => {
		const { app } = await buildTestApp();
		const { authenticator } = await addPasskey(app, await seedUser(app));
		const other = await seedUser(app);
		// An authenticator that ignores excludeCredentials, or one credential offered to a second account.
		const again = authenticator.register(await registrationOptions(app, other.headers), {
			reuse: authenticator.credentials[0],
		});
		const conflict = await register(app, other.headers, { response: again });
		expect(conflict.statusCode).toBe(409);
		expect(conflict.json()).toEqual({ detail: "This passkey is already registered" });
	});

	it("422 for what is not a WebAuthn credential, in FastAPI's shape", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const missing = await register(app, user.headers, {});
		expect(missing.statusCode).toBe(422);
		expect(missing.json().detail[0]).toMatchObject({
			type: "missing",
			loc: ["body", "response"],
			msg: "This field is required",
		});
		const wrong = await register(app, user.headers, { response: { id: "x", rawId: "x", type: "password" } });
		expect(wrong.statusCode).toBe(422);
		const issues = wrong.json().detail as { loc: string[]; msg: string }[];
		expect(issues.map((issue) => issue.loc.join("."))).toEqual(
			expect.arrayContaining(["body.response.type", "body.response.response"]),
		);
		for (const issue of issues)
			expect(issue.msg).toBe("Must be the JSON of a WebAuthn credential, as @simplewebauthn/browser gives it");
		const notAnObject = await api(app, "POST", "/login/passkey", { body: { response: "signed" } });
		expect(notAnObject.statusCode).toBe(422);
		expect(notAnObject.json().detail[0]).toMatchObject({
			loc: ["body", "response"],
			msg: "Must be the JSON of a WebAuthn credential, as @simplewebauthn/browser gives it",
		});
		const badName = await register(app, user.headers, {
			response: new SoftAuthenticator(TEST_ORIGIN).register(await registrationOptions(app, user.headers)),
			name: "two\nlines",
		});
		expect(badName.json().detail[0]).toMatchObject({
			loc: ["body", "name"],
			msg: "Must be one line, without control characters",
		});
	});
});

describe("renaming and removing a passkey", () => {
	it("renames one's own passkey; another's or an unknown id is 404", async () => {
		const { app } = await buildTestApp();
		const user = await addPasskey(app, await seedUser(app));
		const other = await addPasskey(app, await seedUser(app));
		const res = await api(app, "PATCH", `/users/me/passkeys/${user.passkeyId}`, {
			headers: user.headers,
			body: { name: "Phone" },
		});
		expect(res.statusCode).toBe(200);
		expect(res.json()).toMatchObject({ id: user.passkeyId, name: "Phone" });
		for (const id of [other.passkeyId, "nope"]) {
			const missing = await api(app, "PATCH", `/users/me/passkeys/${id}`, {
				headers: user.headers,
				body: { name: "X" },
			});
			expect(missing.statusCode).toBe(404);
			expect(missing.json()).toEqual(NOT_FOUND);
		}
		const empty = await api(app, "PATCH", `/users/me/passkeys/${user.passkeyId}`, {
			headers: user.headers,
			body: { name: "  " },
		});
		expect(empty.statusCode).toBe(422);
	});

	it("removing needs a recent proof of identity; a removed passkey no longer signs in; audited", async () => {
		const { app, advance, db } = await buildTestApp();
		const user = await addPasskey(app, await seedUser(app));
		const other = await addPasskey(app, await seedUser(app));
		const { response } = await signedLoginChallenge(app, user.authenticator);
		advance(11 * MINUTE);
		const late = await api(app, "DELETE", `/users/me/passkeys/${user.passkeyId}`, { headers: user.headers });
		expect(late.json()).toEqual(CONFIRM);
		await api(app, "POST", "/login/reauthenticate", { headers: user.headers, body: { password: user.password } });
		const foreign = await api(app, "DELETE", `/users/me/passkeys/${other.passkeyId}`, { headers: user.headers });
		expect(foreign.statusCode).toBe(404);
		const removed = await api(app, "DELETE", `/users/me/passkeys/${user.passkeyId}`, { headers: user.headers });
		expect(removed.json()).toEqual({ message: "Passkey removed" });
		expect((await api(app, "GET", "/users/me/passkeys", { headers: user.headers })).json()).toEqual({
			data: [],
			count: 0,
		});
		expect((await passkeyLogin(app, response)).json()).toEqual(INVALID);
		const event = await first(db.select().from(auditEvents).where(eq(auditEvents.action, "passkey.remove")));
		expect(event).toMatchObject({ actorId: user.id, subjectId: user.id });
	});
});

describe("signing in with a passkey", () => {
	it("options name no account; the signed options answer a token pair, with no two-factor step", async () => {
		const { app, now, db } = await buildTestApp();
		const user = await enableTwoFactor(app, await seedUser(app), now);
		const { authenticator, passkeyId } = await addPasskey(app, user);
		const { options, response } = await signedLoginChallenge(app, authenticator);
		expect(options.allowCredentials).toEqual([]);
		expect(options).toMatchObject({ rpId: "localhost", userVerification: "required" });
		const res = await passkeyLogin(app, response);
		expect(res.statusCode).toBe(200);
		expect(res.headers["cache-control"]).toBe("no-store");
		const tokens = res.json();
		expect(tokens.access_token).toMatch(TOKEN_SHAPE);
		const me = await api(app, "GET", "/users/me", { headers: bearer(tokens.access_token) });
		expect(me.json()).toMatchObject({ id: user.id });
		const listed = (await api(app, "GET", "/users/me/passkeys", { headers: user.headers })).json();
		expect(listed.data[0]).toMatchObject({ id: passkeyId, last_used_at: new Date(now()).toISOString() });
		const login = (await db.select().from(auditEvents).where(eq(auditEvents.action, "auth.login"))).at(-1);
		expect(JSON.parse(login?.details ?? "")).toEqual({ method: "passkey" });
	});

	it("counts as a fresh proof of identity: the new session may do the sensitive actions", async () => {
		const { app, advance } = await buildTestApp();
		const user = await addPasskey(app, await seedUser(app));
		advance(11 * MINUTE);
		expect((await api(app, "POST", "/users/me/totp/setup", { headers: user.headers })).json()).toEqual(CONFIRM);
		const { response } = await signedLoginChallenge(app, user.authenticator);
		const fresh = bearer((await passkeyLogin(app, response)).json().access_token);
		expect((await api(app, "POST", "/users/me/totp/setup", { headers: fresh })).statusCode).toBe(200);
	});

	it("a challenge is good once and for 5 minutes; an unknown passkey, another origin or no user verification is refused", async () => {
		const { app, advance, db } = await buildTestApp();
		const user = await addPasskey(app, await seedUser(app));
		const refused = async (response: unknown) => {
			const res = await passkeyLogin(app, response);
			expect(res.statusCode).toBe(400);
			expect(res.json()).toEqual(INVALID);
		};
		const { response } = await signedLoginChallenge(app, user.authenticator);
		expect((await passkeyLogin(app, response)).statusCode).toBe(200);
		await refused(response);

		const late = await signedLoginChallenge(app, user.authenticator);
		advance(5 * MINUTE + 1);
		await refused(late.response);

		const stranger = new SoftAuthenticator(TEST_ORIGIN);
		stranger.register({ challenge: "x", rp: { id: "localhost" }, user: { id: "someone" } });
		await refused((await signedLoginChallenge(app, stranger)).response);
		await refused((await signedLoginChallenge(app, user.authenticator, { origin: "https://evil.test" })).response);
		await refused((await signedLoginChallenge(app, user.authenticator, { userVerified: false })).response);
		// A user handle that names another account than the passkey's.
		const other = await seedUser(app);
		const handle = Buffer.from(other.id).toString("base64url");
		await refused((await signedLoginChallenge(app, user.authenticator, { userHandle: handle })).response);
		// No challenge is left behind by the refusals.
		expect(await db.select().from(webauthnChallenges)).toEqual([]);
		const failed = await db.select().from(auditEvents).where(eq(auditEvents.action, "auth.login_failed"));
		expect(failed.length).toBeGreaterThanOrEqual(5);
		expect(failed.filter((event) => event.subjectId === user.id).length).toBeGreaterThanOrEqual(4);
	});

	it("of two uses of one signed challenge at once, exactly one signs in", async () => {
		const { app } = await buildTestApp();
		const user = await addPasskey(app, await seedUser(app));
		const { response } = await signedLoginChallenge(app, user.authenticator);
		const answers = await Promise.all([
			passkeyLogin(app, response, "10.1.0.1"),
			passkeyLogin(app, response, "10.1.0.2"),
		]);
		expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
	});

	it("a deactivated account, or an unproved address under EMAIL_VERIFICATION=required, is refused as with a password", async () => {
		const { app, db } = await buildTestApp({ env: { EMAIL_VERIFICATION: "required" } });
		const user = await addPasskey(app, await seedUser(app));
		await db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
		const inactive = await passkeyLogin(app, (await signedLoginChallenge(app, user.authenticator)).response);
		expect(inactive.json()).toEqual({ detail: "Inactive user" });
		await db.update(users).set({ isActive: true, emailVerified: false }).where(eq(users.id, user.id));
		const unproved = await passkeyLogin(app, (await signedLoginChallenge(app, user.authenticator)).response);
		expect(unproved.json()).toEqual({ detail: "Email not verified" });
	});

	it("is throttled like a password login", async () => {
		const { app } = await buildTestApp();
		const answers: number[] = [];
		for (let i = 0; i < 25; i++)
			answers.push((await api(app, "POST", "/login/passkey/options", { ip: "10.3.0.1" })).statusCode);
		expect(answers).toContain(429);
		expect((await api(app, "POST", "/login/passkey/options", { ip: "10.3.0.2" })).statusCode).toBe(200);
	});
});

describe("confirming one's identity with a passkey", () => {
	it("options list the caller's passkeys; the signature confirms; another's passkey or a sign-in challenge does not", async () => {
		const { app, advance, db } = await buildTestApp();
		const user = await addPasskey(app, await seedUser(app));
		const other = await addPasskey(app, await seedUser(app));
		advance(11 * MINUTE);
		const reauth = (body: unknown) => api(app, "POST", "/login/reauthenticate", { headers: user.headers, body });
		const options = async () =>
			(await api(app, "POST", "/login/reauthenticate/options", { headers: user.headers })).json();

		const first = await options();
		expect(first.allowCredentials).toEqual([{ id: user.passkeyId, type: "public-key", transports: ["internal"] }]);
		const foreign = await reauth({ passkey: other.authenticator.authenticate({ ...first, allowCredentials: [] }) });
		expect(foreign.statusCode).toBe(400);
		expect(foreign.json()).toEqual(INVALID);
		const signIn = await signedLoginChallenge(app, user.authenticator);
		expect((await reauth({ passkey: signIn.response })).json()).toEqual(INVALID);

		const ok = await reauth({ passkey: user.authenticator.authenticate(await options()) });
		expect(ok.statusCode).toBe(200);
		expect(ok.json()).toEqual({ message: "Identity confirmed" });
		expect((await api(app, "POST", "/users/me/totp/setup", { headers: user.headers })).statusCode).toBe(200);
		const confirmed = (await db.select().from(auditEvents).where(eq(auditEvents.action, "auth.reauthenticate"))).at(-1);
		expect(JSON.parse(confirmed?.details ?? "")).toEqual({ method: "passkey" });
		// Still signed in after the refusals.
		expect((await api(app, "GET", "/users/me", { headers: user.headers })).statusCode).toBe(200);
	});

	it("a password and a passkey at once are refused (one proof only)", async () => {
		const { app } = await buildTestApp();
		const user = await addPasskey(app, await seedUser(app));
		const options = (await api(app, "POST", "/login/reauthenticate/options", { headers: user.headers })).json();
		const res = await api(app, "POST", "/login/reauthenticate", {
			headers: user.headers,
			body: { password: user.password, passkey: user.authenticator.authenticate(options) },
		});
		expect(res.statusCode).toBe(422);
		expect(res.json().detail[0].msg).toBe("Send only one of password, code or passkey");
	});
});
