import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { type OidcProviderConfig, readOidcProviders } from "../../../server/config-oidc.ts";
import { userIdentities, users } from "../../../server/db/schema.ts";
import { NO_PASSWORD } from "../../../server/lib/passwords.ts";
import { createPat } from "../../helpers/access-tokens.ts";
import { buildTestApp, type TestApp } from "../../helpers/build-test-app.ts";
import { injectWithHeldBody } from "../../helpers/held-body.ts";
import { API, api } from "../../helpers/http.ts";
import { makePng } from "../../helpers/images.ts";
import { uploadForm } from "../../helpers/multipart.ts";
import { startOidcProvider, type TestOidcProvider } from "../../helpers/oidc-provider.ts";
import { COMPANY_CALLBACK, companyEnv } from "../../helpers/oidc-sign-in.ts";
import { addPasskey, TEST_ORIGIN } from "../../helpers/passkeys.ts";
import { rawAll, tableNames } from "../../helpers/raw-sql.ts";
import { settled } from "../../helpers/settled.ts";
import { totpAt } from "../../helpers/totp.ts";
import { enableTwoFactor } from "../../helpers/two-factor.ts";
import { newSession, seedUser, type TestUser } from "../../helpers/users.ts";
import { SoftAuthenticator } from "../../helpers/webauthn.ts";

/**
 * Every REST write a session can make, with its body held back: the request is
 * authenticated (REST does it in `onRequest`, before the body arrives), then the acting
 * session is signed out everywhere, or the acting admin demoted, and only then does the
 * body arrive. The write must be refused (401, or 403 for the demoted admin) and change
 * nothing: no row, no file, no e-mail. The same request without the revocation is the
 * control: it succeeds and changes something, so each row can fail.
 */

type World = TestApp & {
	/** The acting user, and a second session of theirs (the device that signs out everywhere). */
	actor: TestUser;
	elsewhere: { headers: { authorization: string } };
	/** A user the admin acts on, and a second superuser (who demotes the actor). */
	target: TestUser;
	otherAdmin: TestUser;
};

type Held = {
	url: string;
	body?: string | Buffer;
	contentType?: string;
};

type Row = {
	/** Who acts: a plain user, or a superuser (then a demotion is tried too). */
	actor: "user" | "admin";
	/** What the world needs first, and the request to hold. */
	prepare: (w: World) => Promise<Held> | Held;
};

const json = (url: string, body: object = {}): Held => ({
	url,
	body: JSON.stringify(body),
	contentType: "application/json",
});
const png = await makePng(8, 8);

async function uploadFile(w: World, owner: TestUser): Promise<string> {
	const form = uploadForm(owner.id, png, "pic.png", "image/png");
	const res = await w.app.inject({
		method: "POST",
		url: `${API}/media/upload`,
		headers: { ...owner.headers, ...form.headers },
		payload: form.payload,
	});
	if (res.statusCode !== 200) throw new Error(`upload: ${res.statusCode} ${res.body}`);
	return res.json().file_id;
}

/** The actor's profile, showing one of their files. */
async function profileWithImage(w: World): Promise<string> {
	const fileId = await uploadFile(w, w.actor);
	const file = await api(w.app, "GET", `/media/file/${fileId}`, { headers: w.actor.headers });
	const res = await api(w.app, "PUT", "/profile/me", {
		headers: w.actor.headers,
		body: { age: 30, profile_image_url: file.json().url },
	});
	if (res.statusCode !== 200) throw new Error(`profile: ${res.statusCode} ${res.body}`);
	return fileId;
}

async function twoFactorSetUp(w: World): Promise<string> {
	const res = await api(w.app, "POST", "/users/me/totp/setup", { headers: w.actor.headers });
	return res.json().secret;
}

const rows: Record<string, Row> = {
	"POST /login/logout": { actor: "user", prepare: () => json("/login/logout") },
	"POST /login/logout-all": { actor: "user", prepare: () => json("/login/logout-all") },
	"POST /login/reauthenticate": {
		actor: "user",
		prepare: (w) => json("/login/reauthenticate", { password: w.actor.password }),
	},
	"POST /login/reauthenticate (passkey)": {
		actor: "user",
		prepare: async (w) => {
			const { authenticator } = await addPasskey(w.app, w.actor);
			const options = await api(w.app, "POST", "/login/reauthenticate/options", { headers: w.actor.headers });
			return json("/login/reauthenticate", { passkey: authenticator.authenticate(options.json()) });
		},
	},
	"POST /login/reauthenticate/options": { actor: "user", prepare: () => json("/login/reauthenticate/options") },
	"POST /users/": {
		actor: "admin",
		prepare: () => json("/users/", { email: "created@example.com", password: "a-good-password" }),
	},
	"PATCH /users/me": { actor: "user", prepare: () => json("/users/me", { email: "moved@example.com" }) },
	"DELETE /users/me": { actor: "user", prepare: () => json("/users/me") },
	"PATCH /users/me/password": {
		actor: "user",
		prepare: (w) => json("/users/me/password", { current_password: w.actor.password, new_password: "a-new-password" }),
	},
	"DELETE /users/me/sessions": { actor: "user", prepare: () => json("/users/me/sessions") },
	"DELETE /users/me/sessions/{session_id}": {
		actor: "user",
		prepare: async (w) => json(`/users/me/sessions/${(await newSession(w.app, w.actor)).access_token.split(".")[0]}`),
	},
	"DELETE /users/{user_id}/sessions": { actor: "admin", prepare: (w) => json(`/users/${w.target.id}/sessions`) },
	"POST /users/me/verify-email": {
		actor: "user",
		prepare: async (w) => {
			await w.db.update(users).set({ emailVerified: false }).where(eq(users.id, w.actor.id));
			return json("/users/me/verify-email");
		},
	},
	"PATCH /users/{user_id}": {
		actor: "admin",
		prepare: (w) => json(`/users/${w.target.id}`, { full_name: "By Admin" }),
	},
	"POST /users/{user_id}/invite": {
		actor: "admin",
		prepare: async (w) => {
			await w.db.update(users).set({ hashedPassword: NO_PASSWORD }).where(eq(users.id, w.target.id));
			return json(`/users/${w.target.id}/invite`);
		},
	},
	"DELETE /users/{user_id}/invite": {
		actor: "admin",
		prepare: async (w) => {
			await w.db.update(users).set({ hashedPassword: NO_PASSWORD }).where(eq(users.id, w.target.id));
			return json(`/users/${w.target.id}/invite`);
		},
	},
	"DELETE /users/{user_id}": { actor: "admin", prepare: (w) => json(`/users/${w.target.id}`) },
	"PUT /profile/me": { actor: "user", prepare: () => json("/profile/me", { age: 40 }) },
	"POST /profile/me": { actor: "user", prepare: () => json("/profile/me", { age: 41 }) },
	"PATCH /profile/me": { actor: "user", prepare: () => json("/profile/me", { phone: "+33 1 23 45 67 89" }) },
	"DELETE /profile/me": {
		actor: "user",
		prepare: async (w) => {
			await profileWithImage(w);
			return json("/profile/me");
		},
	},
	"PATCH /profile/me/image": {
		actor: "user",
		prepare: async (w) => {
			await profileWithImage(w);
			return json("/profile/me/image?image_url=");
		},
	},
	"POST /media/upload": {
		actor: "user",
		prepare: (w) => {
			const form = uploadForm(w.actor.id, png, "pic.png", "image/png");
			return { url: "/media/upload", body: form.payload, contentType: form.headers["content-type"] };
		},
	},
	"DELETE /media/{file_id}": {
		actor: "user",
		prepare: async (w) => json(`/media/${await profileWithImage(w)}`),
	},
	// A plain user can only move a file onto themselves (nothing changes): a superuser moves one of another user's.
	"PATCH /media/{file_id}/move": {
		actor: "admin",
		prepare: async (w) => ({
			url: `/media/${await uploadFile(w, w.target)}/move`,
			body: `entity_type=user&entity_id=${w.actor.id}`,
			contentType: "application/x-www-form-urlencoded",
		}),
	},
	"POST /users/me/totp/setup": { actor: "user", prepare: () => json("/users/me/totp/setup") },
	"POST /users/me/totp/enable": {
		actor: "user",
		prepare: async (w) => json("/users/me/totp/enable", { code: totpAt(await twoFactorSetUp(w), w.now()) }),
	},
	"DELETE /users/me/totp": {
		actor: "user",
		prepare: async (w) => {
			await enableTwoFactor(w.app, w.actor, w.now);
			return json("/users/me/totp");
		},
	},
	"POST /users/me/recovery-codes": {
		actor: "user",
		prepare: async (w) => {
			await enableTwoFactor(w.app, w.actor, w.now);
			return json("/users/me/recovery-codes");
		},
	},
	"POST /users/me/passkeys/options": { actor: "user", prepare: () => json("/users/me/passkeys/options") },
	"POST /users/me/passkeys": {
		actor: "user",
		prepare: async (w) => {
			const options = await api(w.app, "POST", "/users/me/passkeys/options", { headers: w.actor.headers });
			return json("/users/me/passkeys", { response: new SoftAuthenticator(TEST_ORIGIN).register(options.json()) });
		},
	},
	"PATCH /users/me/passkeys/{passkey_id}": {
		actor: "user",
		prepare: async (w) => json(`/users/me/passkeys/${(await addPasskey(w.app, w.actor)).passkeyId}`, { name: "New" }),
	},
	"DELETE /users/me/passkeys/{passkey_id}": {
		actor: "user",
		prepare: async (w) => json(`/users/me/passkeys/${(await addPasskey(w.app, w.actor)).passkeyId}`),
	},
	// The mail's link is a live reset token.
	"POST /password-recovery-html-content/{email}": {
		actor: "admin",
		prepare: (w) => json(`/password-recovery-html-content/${w.target.email}`),
	},
	"DELETE /users/{user_id}/totp": {
		actor: "admin",
		prepare: async (w) => {
			await enableTwoFactor(w.app, w.target, w.now);
			return json(`/users/${w.target.id}/totp`);
		},
	},
	"POST /users/me/tokens": {
		actor: "user",
		prepare: () => json("/users/me/tokens", { name: "held", scopes: ["read"] }),
	},
	"DELETE /users/me/tokens/{token_id}": {
		actor: "user",
		prepare: async (w) => json(`/users/me/tokens/${(await createPat(w.app, w.actor)).id}`),
	},
	"DELETE /users/{user_id}/tokens/{token_id}": {
		actor: "admin",
		prepare: async (w) => json(`/users/${w.target.id}/tokens/${(await createPat(w.app, w.target)).id}`),
	},
	// The start of a link or re-authentication writes its flow row: the session's write too.
	"POST /users/me/identities/{provider}/link": {
		actor: "user",
		prepare: async (w) => {
			await withProvider(w);
			return json("/users/me/identities/company/link", { return_to: "/settings/security" });
		},
	},
	"POST /login/reauthenticate/oidc/{provider}": {
		actor: "user",
		prepare: async (w) => {
			await identityOf(w, w.actor, (await withProvider(w)).issuer);
			return json("/login/reauthenticate/oidc/company");
		},
	},
	"DELETE /users/me/identities/{identity_id}": {
		actor: "user",
		prepare: async (w) => json(`/users/me/identities/${await identityOf(w, w.actor)}`),
	},
	"DELETE /users/{user_id}/identities/{identity_id}": {
		actor: "admin",
		prepare: async (w) => json(`/users/${w.target.id}/identities/${await identityOf(w, w.target)}`),
	},
};

/** The OpenID providers a row started, closed after its test. */
const providers: TestOidcProvider[] = [];
afterEach(async () => {
	await Promise.all(providers.splice(0).map((provider) => provider.close()));
});

/** The provider `company` at a real OpenID provider, configured on the world's app. */
async function withProvider(w: World): Promise<TestOidcProvider> {
	const op = await startOidcProvider({ redirectUri: COMPANY_CALLBACK });
	providers.push(op);
	w.app.deps.config.oidcProviders = readOidcProviders(companyEnv(op)) as OidcProviderConfig[];
	return op;
}

/** An identity of `owner` at the provider `company` (a stored row: the routes only name it). */
async function identityOf(w: World, owner: TestUser, issuer = "https://sso.example.com"): Promise<string> {
	const id = randomUUID();
	await w.db.insert(userIdentities).values({
		id,
		userId: owner.id,
		provider: "company",
		issuer,
		subject: `sub-${id}`,
		emailAtLink: null,
		createdAt: w.now(),
		lastUsedAt: null,
	});
	return id;
}

/** Write nothing (a token check, a provider's Check): nothing for a revocation to protect. */
const READS: Record<string, (w: World) => Promise<Held> | Held> = {
	"POST /login/test-token": () => json("/login/test-token"),
	"POST /admin/providers/{id}/check": async (w) => {
		await withProvider(w);
		return json("/admin/providers/company/check");
	},
};

/** Every row of every table, and the files and mails the app wrote. */
async function snapshot(w: World) {
	// The search index's shadow tables follow `users`: left out (tableNames), so that a failure's diff stays readable.
	// So are the rate limiter's buckets (rows on PostgreSQL, memory on SQLite): a refused request takes its token too.
	const rows: Record<string, unknown[]> = {};
	for (const name of await tableNames(w.db))
		if (name !== "rate_buckets") rows[name] = await rawAll(w.db, `SELECT * FROM "${name}" ORDER BY 1`);
	const list = (dir: string) => {
		try {
			return readdirSync(join(w.dataDir, dir)).sort();
		} catch {
			return [];
		}
	};
	return JSON.parse(JSON.stringify({ rows, media: list("media"), outbox: list("outbox") }));
}

async function world(actorKind: Row["actor"]): Promise<World> {
	const test = await buildTestApp();
	const actor = await seedUser(test.app, { isSuperuser: actorKind === "admin" });
	return {
		...test,
		actor,
		elsewhere: await newSession(test.app, actor),
		target: await seedUser(test.app),
		otherAdmin: await seedUser(test.app, { isSuperuser: true }),
	};
}

type Revocation = { name: string; status: number; run: (w: World) => ReturnType<typeof api> };

const signOutEverywhere: Revocation = {
	name: "signed out everywhere",
	status: 401,
	run: (w) => api(w.app, "POST", "/login/logout-all", { headers: w.elsewhere.headers }),
};
const demotion: Revocation = {
	name: "demoted",
	status: 403,
	run: (w) =>
		api(w.app, "PATCH", `/users/${w.actor.id}`, { headers: w.otherAdmin.headers, body: { is_superuser: false } }),
};

/** "POST /login/reauthenticate (passkey)" is a variant of the route "POST /login/reauthenticate". */
const routeOf = (row: string) => row.replace(/ \(.*\)$/, "");

/** Sends the request's headers, lets `meanwhile` happen once it is authenticated, then the body. */
async function hold(w: World, route: string, held: Held, meanwhile?: () => Promise<unknown>) {
	const [method] = route.split(" ");
	const request = injectWithHeldBody(
		w.app,
		{
			method: method as "POST",
			url: `${API}${held.url}`,
			headers: { ...w.actor.headers, ...(held.contentType && { "content-type": held.contentType }) },
		},
		held.body ?? "",
	);
	await Promise.race([request.reading, request.response]);
	await meanwhile?.();
	request.release();
	const res = await request.response;
	await settled(w.app);
	return res;
}

describe("a write whose body arrives after its session ended", () => {
	it("has a row for every REST write a session can make", async () => {
		const { app } = await buildTestApp();
		await app.ready();
		const spec = app.swagger() as { paths: Record<string, Record<string, { security?: unknown }>> };
		const writes = Object.entries(spec.paths).flatMap(([path, methods]) =>
			Object.entries(methods)
				.filter(([method, operation]) => method !== "get" && operation.security !== undefined)
				.map(([method]) => `${method.toUpperCase()} ${path.replace(/^\/api\/v1/, "")}`),
		);
		const routes = new Set([...Object.keys(rows).map(routeOf), ...Object.keys(READS)]);
		expect([...routes].sort()).toEqual(writes.sort());
	});

	it.each(Object.entries(READS))("%s writes nothing", async (route, prepare) => {
		const w = await world("admin");
		const held = await prepare(w);
		const before = await snapshot(w);
		const res = await hold(w, route, held);
		expect(res.statusCode).toBe(200);
		expect(await snapshot(w)).toEqual(before);
	});

	describe.each(Object.entries(rows))("%s", (route, row) => {
		const revocations = row.actor === "admin" ? [signOutEverywhere, demotion] : [signOutEverywhere];

		it("goes through when nothing happens meanwhile (the control)", async () => {
			const w = await world(row.actor);
			const held = await row.prepare(w);
			const before = await snapshot(w);
			const res = await hold(w, route, held);
			// 204: an unlink answers no content.
			expect([200, 204], res.body).toContain(res.statusCode);
			expect(await snapshot(w)).not.toEqual(before);
		});

		it.each(revocations)("is refused when the actor was $name meanwhile, and changes nothing", async (revocation) => {
			const w = await world(row.actor);
			const held = await row.prepare(w);
			let before: unknown;
			const res = await hold(w, route, held, async () => {
				expect((await revocation.run(w)).statusCode).toBe(200);
				await settled(w.app);
				before = await snapshot(w);
			});
			expect(res.statusCode, res.body).toBe(revocation.status);
			expect(await snapshot(w)).toEqual(before);
		});
	});
});
