import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance, InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { passkeys, userIdentities, users } from "../../../server/db/schema.ts";
import { NO_PASSWORD } from "../../../server/lib/passwords.ts";
import { createPat } from "../../helpers/access-tokens.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { API } from "../../helpers/http.ts";
import { makePng } from "../../helpers/images.ts";
import { uploadForm } from "../../helpers/multipart.ts";
import { TEST_ORIGIN } from "../../helpers/passkeys.ts";
import type { TestUser } from "../../helpers/users.ts";
import { newSession, seedUser } from "../../helpers/users.ts";
import { SoftAuthenticator } from "../../helpers/webauthn.ts";

/**
 * Every REST route × {anonymous, user, other user, deactivated user,
 * superuser}. "user" acts on their own things; "other" is a plain user acting on the
 * target's things (a different user); "superuser" acts on the target's things too.
 */
const ROLES = ["anonymous", "user", "other", "deactivated", "superuser"] as const;
type Role = (typeof ROLES)[number];

type World = {
	app: FastifyInstance;
	user: TestUser;
	target: TestUser;
	deactivated: TestUser;
	admin: TestUser;
	/** A media file of `user` and one of `target`. */
	files: { user: string; target: string };
	/** Whose things the caller acts on, and the caller (null when anonymous). */
	subject: TestUser;
	caller: TestUser | null;
	unique: string;
};

type Row = {
	route: string;
	/** Expected status per role; a number means the same for all five. */
	expect: number | Record<Role, number>;
	request: (w: World) => Omit<InjectOptions, "method"> | Promise<Omit<InjectOptions, "method">>;
	/** The route ignores credentials: send none even for a role (e.g. login). */
	public?: boolean;
};

const json = (payload: object) => ({ payload });
const png = await makePng(8, 8);

const guarded = (user: number, other: number, superuser: number): Record<Role, number> => ({
	anonymous: 401,
	user,
	other,
	deactivated: 401,
	superuser,
});
const self = guarded(200, 200, 200);
const owner = guarded(200, 403, 200);
const admin = guarded(403, 403, 200);

const rows: Row[] = [
	{
		route: "POST /login/access-token",
		public: true,
		expect: { anonymous: 200, user: 200, other: 200, deactivated: 400, superuser: 200 },
		request: (w) => ({
			headers: { "content-type": "application/x-www-form-urlencoded" },
			payload: new URLSearchParams({ username: (w.caller ?? w.user).email, password: w.user.password }).toString(),
		}),
	},
	{ route: "POST /login/test-token", expect: self, request: () => ({}) },
	{
		route: "POST /login/refresh-token",
		public: true,
		expect: { anonymous: 200, user: 200, other: 200, deactivated: 401, superuser: 200 },
		request: (w) => json({ refresh_token: (w.caller ?? w.user).refreshToken }),
	},
	{ route: "POST /login/logout", expect: self, request: () => ({}) },
	{ route: "POST /login/logout-all", expect: self, request: () => ({}) },
	{
		route: "POST /login/reauthenticate",
		expect: self,
		request: (w) => json({ password: (w.caller ?? w.user).password }),
	},
	{
		route: "POST /password-recovery/{email}",
		expect: 200,
		request: (w) => ({ url: `/password-recovery/${w.subject.email}` }),
	},
	{
		route: "POST /reset-password/",
		expect: 400,
		request: () => json({ token: "not-a-token", new_password: "a-new-password" }),
	},
	{
		route: "POST /reset-password/link",
		expect: 400,
		request: () => json({ token: "not-a-token" }),
	},
	{
		route: "POST /password-recovery-html-content/{email}",
		expect: admin,
		request: (w) => ({ url: `/password-recovery-html-content/${w.subject.email}` }),
	},
	{ route: "GET /users/", expect: admin, request: () => ({}) },
	{
		route: "POST /users/",
		expect: admin,
		request: (w) => json({ email: `${w.unique}@example.com`, password: "a-good-password" }),
	},
	{ route: "GET /users/me", expect: self, request: () => ({}) },
	{ route: "PATCH /users/me", expect: self, request: () => json({ full_name: "Changed Name" }) },
	{
		route: "DELETE /users/me",
		expect: { ...self, superuser: 403 },
		request: () => ({}),
	},
	{
		route: "PATCH /users/me/password",
		expect: self,
		request: (w) => json({ current_password: w.user.password, new_password: "another-password" }),
	},
	{
		route: "POST /users/signup",
		expect: 200,
		request: (w) => json({ email: `${w.unique}@example.com`, password: "a-good-password" }),
	},
	{ route: "GET /users/me/sessions", expect: self, request: () => ({}) },
	{ route: "DELETE /users/me/sessions", expect: self, request: () => ({}) },
	{
		// Another session of the subject: the caller's own for "user", someone else's for "other" and "superuser".
		route: "DELETE /users/me/sessions/{session_id}",
		expect: guarded(200, 404, 404),
		request: async (w) => ({
			url: `/users/me/sessions/${(await newSession(w.app, w.subject)).access_token.split(".")[0]}`,
		}),
	},
	{ route: "GET /users/me/audit", expect: self, request: () => ({}) },
	{ route: "GET /users/me/summary", expect: self, request: () => ({}) },
	{ route: "GET /users/summary", expect: admin, request: () => ({}) },
	{
		route: "GET /users/{user_id}/sessions",
		expect: admin,
		request: (w) => ({ url: `/users/${w.subject.id}/sessions` }),
	},
	{
		route: "DELETE /users/{user_id}/sessions",
		expect: admin,
		request: (w) => ({ url: `/users/${w.subject.id}/sessions` }),
	},
	{
		route: "POST /users/me/verify-email",
		expect: self,
		request: async (w) => {
			// The caller's address is unproved, so the call gets past its own rule to the gate's answer.
			if (w.caller) await w.app.deps.db.update(users).set({ emailVerified: false }).where(eq(users.id, w.caller.id));
			return {};
		},
	},
	{ route: "POST /verify-email/", expect: 400, request: () => json({ token: "not-a-token" }) },
	{ route: "POST /revert-email/", expect: 400, request: () => json({ token: "not-a-token" }) },
	{ route: "GET /users/{user_id}", expect: owner, request: (w) => ({ url: `/users/${w.subject.id}` }) },
	{
		route: "PATCH /users/{user_id}",
		expect: admin,
		request: (w) => ({ url: `/users/${w.subject.id}`, payload: { full_name: "By Admin" } }),
	},
	{
		route: "POST /users/{user_id}/invite",
		expect: admin,
		request: async (w) => ({ url: `/users/${await invitedUser(w)}/invite` }),
	},
	{
		route: "DELETE /users/{user_id}/invite",
		expect: admin,
		request: async (w) => ({ url: `/users/${await invitedUser(w)}/invite` }),
	},
	{ route: "DELETE /users/{user_id}", expect: admin, request: (w) => ({ url: `/users/${w.subject.id}` }) },
	{ route: "GET /audit/", expect: admin, request: (w) => ({ url: `/audit/?subject_id=${w.subject.id}` }) },
	{ route: "GET /audit/export.csv", expect: admin, request: () => ({ url: "/audit/export.csv?action=auth.login" }) },
	{ route: "GET /utils/health-check/", expect: 200, request: () => ({}) },
	{ route: "GET /utils/health-check/details", expect: 200, request: () => ({}) },
	{ route: "GET /profile/me", expect: self, request: () => ({}) },
	{ route: "PUT /profile/me", expect: self, request: () => json({ age: 30 }) },
	{ route: "POST /profile/me", expect: self, request: () => json({ age: 31 }) },
	{ route: "PATCH /profile/me", expect: self, request: () => json({ phone: "+33 1 23 45 67 89" }) },
	{ route: "DELETE /profile/me", expect: self, request: () => ({}) },
	{ route: "PATCH /profile/me/image", expect: self, request: () => ({ url: "/profile/me/image?image_url=" }) },
	{
		route: "GET /profile/{user_id}/public",
		expect: self,
		request: (w) => ({ url: `/profile/${w.subject.id}/public` }),
	},
	{
		route: "POST /media/upload",
		expect: owner,
		request: (w) => {
			const form = uploadForm(w.subject.id, png, "pic.png", "image/png");
			return { payload: form.payload, headers: form.headers };
		},
	},
	{
		route: "GET /media/serve/{entity_type}/{entity_id}/{file_id}",
		expect: 200,
		request: (w) => ({ url: `/media/serve/user/${w.subject.id}/${fileOf(w)}` }),
	},
	{ route: "GET /media/health", expect: 200, request: () => ({}) },
	{ route: "GET /media/file/{file_id}", expect: owner, request: (w) => ({ url: `/media/file/${fileOf(w)}` }) },
	{
		route: "GET /media/{entity_type}/{entity_id}",
		expect: owner,
		request: (w) => ({ url: `/media/user/${w.subject.id}` }),
	},
	{ route: "DELETE /media/{file_id}", expect: owner, request: (w) => ({ url: `/media/${fileOf(w)}` }) },
	{
		route: "PATCH /media/{file_id}/move",
		expect: owner,
		request: (w) => ({
			url: `/media/${fileOf(w)}/move`,
			headers: { "content-type": "application/x-www-form-urlencoded" },
			payload: `entity_type=user&entity_id=${w.subject.id}`,
		}),
	},
	{
		route: "POST /login/mfa",
		public: true,
		expect: 400,
		request: () => json({ mfa_token: "not-a-live-token", code: "123456" }),
	},
	{ route: "GET /users/me/totp", expect: self, request: () => ({}) },
	{ route: "POST /users/me/totp/setup", expect: self, request: () => ({}) },
	// Nothing was set up: the code cannot be checked.
	{ route: "POST /users/me/totp/enable", expect: guarded(400, 400, 400), request: () => json({ code: "123456" }) },
	{ route: "DELETE /users/me/totp", expect: self, request: () => ({}) },
	{ route: "POST /users/me/recovery-codes", expect: guarded(400, 400, 400), request: () => ({}) },
	{ route: "GET /users/me/passkeys", expect: self, request: () => ({}) },
	{ route: "POST /users/me/passkeys/options", expect: self, request: () => ({}) },
	// A credential of the right shape whose challenge the server never gave.
	{
		route: "POST /users/me/passkeys",
		expect: guarded(400, 400, 400),
		request: () => json({ response: strayCredential() }),
	},
	{
		route: "PATCH /users/me/passkeys/{passkey_id}",
		expect: guarded(200, 404, 404),
		request: async (w) => ({ url: `/users/me/passkeys/${await passkeyOf(w)}`, payload: { name: "Renamed" } }),
	},
	{
		route: "DELETE /users/me/passkeys/{passkey_id}",
		expect: guarded(200, 404, 404),
		request: async (w) => ({ url: `/users/me/passkeys/${await passkeyOf(w)}` }),
	},
	{ route: "POST /login/passkey/options", public: true, expect: 200, request: () => ({}) },
	{ route: "POST /login/passkey", public: true, expect: 400, request: () => json({ response: strayAssertion() }) },
	{ route: "GET /login/providers", public: true, expect: 200, request: () => ({}) },
	// No provider is configured here: unknown at the start, and the callback lands on /login/sso with the refusal.
	{ route: "GET /login/oidc/{id}", public: true, expect: 404, request: () => ({ url: "/login/oidc/company" }) },
	{
		route: "GET /login/oidc/{id}/callback",
		public: true,
		expect: 302,
		request: () => ({ url: "/login/oidc/company/callback?code=c&state=s" }),
	},
	{ route: "POST /login/oidc/complete", public: true, expect: 400, request: () => json({ handoff: "h".repeat(43) }) },
	{ route: "POST /login/reauthenticate/options", expect: self, request: () => ({}) },
	{ route: "GET /users/{user_id}/totp", expect: admin, request: (w) => ({ url: `/users/${w.subject.id}/totp` }) },
	{ route: "GET /users/me/tokens", expect: self, request: () => ({}) },
	{ route: "POST /users/me/tokens", expect: self, request: () => json({ name: "script", scopes: ["read"] }) },
	{
		// A token of the subject: the caller's own for "user", someone else's for "other" and "superuser".
		route: "DELETE /users/me/tokens/{token_id}",
		expect: guarded(200, 404, 404),
		request: async (w) => ({ url: `/users/me/tokens/${(await createPat(w.app, w.subject)).id}` }),
	},
	{ route: "GET /tokens/", expect: admin, request: () => ({}) },
	{ route: "GET /users/{user_id}/tokens", expect: admin, request: (w) => ({ url: `/users/${w.subject.id}/tokens` }) },
	{
		route: "DELETE /users/{user_id}/tokens/{token_id}",
		expect: admin,
		request: async (w) => ({ url: `/users/${w.subject.id}/tokens/${(await createPat(w.app, w.subject)).id}` }),
	},
	{ route: "DELETE /users/{user_id}/totp", expect: admin, request: (w) => ({ url: `/users/${w.subject.id}/totp` }) },
	// No provider is configured here: the flows' starts name an unknown one.
	{
		route: "POST /users/me/identities/{provider}/link",
		expect: guarded(404, 404, 404),
		request: () => ({ url: "/users/me/identities/company/link", payload: {} }),
	},
	{
		route: "POST /login/reauthenticate/oidc/{provider}",
		expect: guarded(404, 404, 404),
		request: () => ({ url: "/login/reauthenticate/oidc/company", payload: {} }),
	},
	{ route: "GET /users/me/sign-in-methods", expect: self, request: () => ({}) },
	{
		// An identity of the subject: the caller's own for "user", someone else's for "other" and "superuser".
		route: "DELETE /users/me/identities/{identity_id}",
		expect: guarded(204, 404, 404),
		request: async (w) => ({ url: `/users/me/identities/${await identityOf(w)}` }),
	},
	{
		route: "GET /users/{user_id}/identities",
		expect: admin,
		request: (w) => ({ url: `/users/${w.subject.id}/identities` }),
	},
	{
		route: "DELETE /users/{user_id}/identities/{identity_id}",
		expect: guarded(403, 403, 204),
		request: async (w) => ({ url: `/users/${w.subject.id}/identities/${await identityOf(w)}` }),
	},
	{ route: "GET /admin/providers", expect: admin, request: () => ({}) },
	{
		route: "POST /admin/providers/{id}/check",
		expect: guarded(403, 403, 404),
		request: () => ({ url: "/admin/providers/company/check" }),
	},
];

/** Routes outside the documented REST API, checked the same way. */
const extraRows: Row[] = [
	{ route: "GET /locales/{lng}/{ns}.json", expect: 200, request: () => ({ url: "/locales/fr/translation.json" }) },
	{ route: "GET /api/v1/openapi.json", expect: 200, request: () => ({}) },
];

/** A user who was invited and has not chosen a password yet: the one a re-sent invitation is for. */
async function invitedUser(w: World): Promise<string> {
	const id = randomUUID();
	await w.app.deps.db.insert(users).values({
		id,
		email: `invited-${w.unique}@example.com`,
		hashedPassword: NO_PASSWORD,
		createdAt: w.app.deps.clock(),
	});
	return id;
}

/** A passkey of the subject (a stored row: the routes under test only name it). */
async function passkeyOf(w: World): Promise<string> {
	const id = `passkey-${w.unique}`;
	await w.app.deps.db
		.insert(passkeys)
		.values({ id, userId: w.subject.id, publicKey: Buffer.alloc(77), counter: 0, name: "Key", createdAt: 0 });
	return id;
}

/** A linked identity of the subject (a stored row: the routes under test only name it). */
async function identityOf(w: World): Promise<string> {
	const id = randomUUID();
	await w.app.deps.db.insert(userIdentities).values({
		id,
		userId: w.subject.id,
		provider: "company",
		issuer: "https://sso.example.com",
		subject: `sub-${id}`,
		emailAtLink: null,
		createdAt: 0,
		lastUsedAt: null,
	});
	return id;
}

const stray = new SoftAuthenticator(TEST_ORIGIN);
const strayCredential = () =>
	stray.register({ challenge: "never-given-by-the-server", rp: { id: "localhost" }, user: { id: "nobody" } });
const strayAssertion = () => {
	if (stray.credentials.length === 0) strayCredential();
	return stray.authenticate({ challenge: "never-given-by-the-server" });
};

const fileOf = (w: World) => (w.subject === w.user ? w.files.user : w.files.target);

async function upload(app: FastifyInstance, owner: TestUser): Promise<string> {
	const form = uploadForm(owner.id, png, "pic.png", "image/png");
	const res = await app.inject({
		method: "POST",
		url: `${API}/media/upload`,
		headers: { ...owner.headers, ...form.headers },
		payload: form.payload,
	});
	if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
	return res.json().file_id;
}

let cell = 0;

async function world(app: FastifyInstance, role: Role, admin: TestUser): Promise<World> {
	const user = await seedUser(app);
	const target = await seedUser(app);
	const deactivated = await seedUser(app);
	// A token issued while active; the account was then switched off behind its back.
	await app.deps.db.update(users).set({ isActive: false }).where(eq(users.id, deactivated.id));
	const files = { user: await upload(app, user), target: await upload(app, target) };
	const caller = { anonymous: null, user, other: user, deactivated, superuser: admin }[role];
	const subject = role === "user" ? user : target;
	return { app, user, target, deactivated, admin, files, subject, caller, unique: `cell${++cell}` };
}

function resolveUrl(row: Row, requested: string | undefined): string {
	const [, path] = row.route.split(" ");
	const url = requested ?? (path as string);
	return url.startsWith("/locales") || url.startsWith("/api/") ? url : `${API}${url}`;
}

describe("authorisation matrix", () => {
	it("has a row for every documented REST route", async () => {
		const { app } = await buildTestApp();
		await app.ready();
		const spec = app.swagger() as { paths: Record<string, Record<string, unknown>> };
		const documented = Object.entries(spec.paths).flatMap(([path, methods]) =>
			Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/^\/api\/v1/, "")}`),
		);
		expect(rows.map((row) => row.route).sort()).toEqual(documented.sort());
	});

	it.each([...rows, ...extraRows].map((row) => [row.route, row] as const))("%s", async (_route, row) => {
		const { app } = await buildTestApp();
		const admin = await seedUser(app, { isSuperuser: true });
		const got: Record<string, number> = {};
		for (const role of ROLES) {
			const w = await world(app, role, admin);
			const request = await row.request(w);
			const auth = w.caller && !row.public ? w.caller.headers : {};
			const [method] = row.route.split(" ");
			const res = await app.inject({
				...request,
				method: method as InjectOptions["method"],
				url: resolveUrl(row, request.url as string | undefined),
				remoteAddress: `10.200.${cell % 250}.${ROLES.indexOf(role) + 1}`,
				headers: { ...auth, ...request.headers },
			});
			got[role] = res.statusCode;
			// No answer ever carries a password hash or a stored token hash.
			expect(res.body).not.toMatch(/\$argon2|hashed_password|access_hash|refresh_hash/);
		}
		const expected =
			typeof row.expect === "number" ? Object.fromEntries(ROLES.map((r) => [r, row.expect])) : row.expect;
		expect(got).toEqual(expected);
	});
});
