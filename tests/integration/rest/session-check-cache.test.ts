import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { WATCHED_TABLES } from "../../../server/db/auth-rows-watch.ts";
import { TransactionMisuse } from "../../../server/db/client.ts";
import { users } from "../../../server/db/schema.ts";
import { atomically } from "../../../server/db/transaction.ts";
import { hashSecret } from "../../../server/lib/tokens.ts";
import { recoveryEmailHtml } from "../../../server/services/account/password-reset.ts";
import { setPasswordAsOperator } from "../../../server/services/admin/operator.ts";
import { runHousekeeping } from "../../../server/services/housekeeping.ts";
import {
	issueAccountToken,
	REVERT_LINK_TTL_MS,
	VERIFY_LINK_TTL_MS,
} from "../../../server/services/links/email-links.ts";
import {
	SESSION_LOOKUP_SQL,
	sessionCheckCacheOf,
	TOKEN_LOOKUP_SQL,
} from "../../../server/services/sessions/check-cache.ts";
import { sessionChecksOf } from "../../../server/services/sessions/session-lookup.ts";
import { createPat } from "../../helpers/access-tokens.ts";
import { buildTestApp, type TestApp } from "../../helpers/build-test-app.ts";
import { describeOnPostgres, describeOnSqlite, onPostgres } from "../../helpers/engine.ts";
import { api, bearer, loginForm } from "../../helpers/http.ts";
import { flag, rawAll, rawGet, rawRun } from "../../helpers/raw-sql.ts";
import { authOf } from "../../helpers/services.ts";
import { totpAt } from "../../helpers/totp.ts";
import { enableTwoFactor, mfaTokenOf, type TwoFactorUser } from "../../helpers/two-factor.ts";
import { newSession, PASSWORD, seedAdmin, seedUser } from "../../helpers/users.ts";
import { recordWrites, siteName, writeSitesOf } from "../../helpers/write-sites.ts";

/** The tables the session and token checks read: a write to any may change what a token is worth. */
const AUTH_TABLES = Object.keys(WATCHED_TABLES);

type Token = { label: string; access: string; refresh: string };

/**
 * The same accounts for every path: an admin; Ada with two live sessions and one past
 * its end; Bob, a bystander; Uma, whose address is unproved. Every token is known, so
 * each can be asked about after every path.
 */
async function world(test: TestApp) {
	const { app, db } = test;
	const admin = await seedAdmin(app);
	const ada = await seedUser(app, { email: "ada@example.com", fullName: "Ada" });
	const adaPhone = await newSession(app, ada);
	const adaOld = await newSession(app, ada);
	await rawRun(db, "UPDATE sessions SET expires_at = ? WHERE id = ?", [
		test.now() - 1,
		adaOld.access_token.split(".")[0],
	]);
	const bob = await seedUser(app, { email: "bob@example.com", fullName: "Bob" });
	const uma = await seedUser(app, { email: "uma@example.com", emailVerified: false });
	const token = (label: string, t: { access_token: string; refresh_token: string }): Token => ({
		label,
		access: t.access_token,
		refresh: t.refresh_token,
	});
	const asToken = (label: string, u: { accessToken: string; refreshToken: string }): Token => ({
		label,
		access: u.accessToken,
		refresh: u.refreshToken,
	});
	// Personal access tokens (no refresh): Ada's script, and the admin's with an admin scope.
	const adaScript = await createPat(app, ada, ["read"], { name: "ada's script" });
	const adminScript = await createPat(app, admin, ["read", "admin:read"], { name: "admin's script" });
	const tokens = [
		asToken("admin", admin),
		asToken("ada", ada),
		token("ada's phone", adaPhone),
		token("ada's ended session", adaOld),
		asToken("bob", bob),
		asToken("uma", uma),
		{ label: "ada's script", access: adaScript.token, refresh: "" },
		{ label: "admin's script", access: adminScript.token, refresh: "" },
	];
	return { test, app, admin, ada, adaPhone, adaOld, bob, uma, adaScript, adminScript, tokens };
}
type World = Awaited<ReturnType<typeof world>>;

/** Whether a personal access token holds, from the database alone. */
async function patRow(test: TestApp, access: string): Promise<Record<string, unknown> | undefined> {
	const id = access.slice("portico_pat_".length, "portico_pat_".length + 26);
	const secret = access.slice("portico_pat_".length + 27, -7);
	const row = await rawGet(
		test.db,
		"SELECT t.secret_hash, t.expires_at, t.revoked_at, u.* FROM api_tokens t JOIN users u ON u.id = t.user_id WHERE t.id = ?",
		[id],
	);
	const valid =
		row !== undefined &&
		hashSecret(secret).equals(row.secret_hash as Buffer) &&
		row.revoked_at === null &&
		Number(row.expires_at) > test.now() &&
		flag(row.is_active);
	return valid ? row : undefined;
}

/** What GET /users/me must answer for a token, worked out from the database alone (no cache, no service code). */
async function expectedAnswer(test: TestApp, access: string): Promise<{ status: number; body?: object }> {
	const [id, secret = ""] = access.split(".");
	const now = test.now();
	const row = access.startsWith("portico_pat_")
		? await patRow(test, access)
		: await rawGet(
				test.db,
				"SELECT s.access_hash, s.access_expires_at, s.expires_at, u.* FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = ?",
				[id],
			);
	const valid =
		row !== undefined &&
		(access.startsWith("portico_pat_") ||
			(hashSecret(secret).equals(row.access_hash as Buffer) &&
				(row.access_expires_at as number) > now &&
				(row.expires_at as number) > now &&
				flag(row.is_active)));
	if (!valid) return { status: 401 };
	return {
		status: 200,
		body: {
			id: row.id,
			email: row.email,
			full_name: row.full_name,
			is_active: true,
			is_superuser: flag(row.is_superuser),
			email_verified: flag(row.email_verified),
			created_at: new Date(row.created_at as number).toISOString(),
		},
	};
}

/** The next request of every known token gets what the database says, not what was remembered. */
async function expectNextRequestsHold(w: World, path: string) {
	if (!onPostgres) {
		const sessionIds = await rawAll<{ id: string }>(w.test.db, "SELECT id FROM sessions");
		const cache = sessionCheckCacheOf(w.test.db);
		for (const { id } of sessionIds) {
			const remembered = cache.remembered(id);
			if (remembered) expect(remembered, `${path}: what is remembered of ${id}`).toEqual(await cache.read(id));
		}
		const tokenIds = await rawAll<{ id: string }>(w.test.db, "SELECT id FROM api_tokens");
		for (const { id } of tokenIds) {
			const remembered = cache.rememberedToken(id);
			if (remembered)
				expect(remembered, `${path}: what is remembered of token ${id}`).toEqual(await cache.readToken(id));
		}
	}
	for (const token of w.tokens) {
		const expected = await expectedAnswer(w.test, token.access);
		const res = await api(w.app, "GET", "/users/me", { headers: bearer(token.access) });
		expect({ path, token: token.label, status: res.statusCode }).toEqual({
			path,
			token: token.label,
			status: expected.status,
		});
		if (expected.body) expect(res.json(), `${path}: ${token.label}`).toEqual(expected.body);
	}
}

const status = async (res: Promise<{ statusCode: number; body: string }>, wanted = 200) => {
	const answer = await res;
	expect(answer.statusCode, answer.body).toBe(wanted);
};

type Path = {
	/** Runs the path (it is what the cache must notice). */
	act: (w: World) => Promise<void>;
	/** Before it, outside the recording: what the path needs (time passed, a link issued...). */
	before?: (w: World) => unknown;
	/** After the common checks: what else the path must have changed for the next request. */
	afterwards?: (w: World) => Promise<void>;
};

/**
 * Each way a session or its user gets written. The list is checked against the code: every
 * statement of server/ that writes `sessions` or `users` must run in some path below, so a
 * new way to end or change a session or its user fails this test until it is walked too.
 */
const paths: Record<string, Path> = {
	"log in (ends the user's sessions past their end)": {
		act: async (w) => {
			const res = await loginForm(w.app, w.ada.email, PASSWORD);
			expect(res.statusCode).toBe(200);
			const { access_token, refresh_token } = res.json() as { access_token: string; refresh_token: string };
			w.tokens.push({ label: "ada's new login", access: access_token, refresh: refresh_token });
		},
	},
	"log out": { act: (w) => status(api(w.app, "POST", "/login/logout", { headers: w.ada.headers })) },
	"log out with another session's refresh token": {
		act: (w) =>
			status(
				api(w.app, "POST", "/login/logout", {
					headers: w.ada.headers,
					body: { refresh_token: w.adaPhone.refresh_token },
				}),
			),
	},
	"log out everywhere": { act: (w) => status(api(w.app, "POST", "/login/logout-all", { headers: w.ada.headers })) },
	"refresh (the access token rotates)": {
		act: async (w) => {
			const res = await api(w.app, "POST", "/login/refresh-token", {
				body: { refresh_token: w.adaPhone.refresh_token },
			});
			expect(res.statusCode).toBe(200);
			const { access_token, refresh_token } = res.json() as { access_token: string; refresh_token: string };
			w.tokens.push({ label: "ada's phone, rotated", access: access_token, refresh: refresh_token });
		},
	},
	"refresh token presented twice (the session dies)": {
		before: (w) => api(w.app, "POST", "/login/refresh-token", { body: { refresh_token: w.adaPhone.refresh_token } }),
		act: (w) =>
			status(api(w.app, "POST", "/login/refresh-token", { body: { refresh_token: w.adaPhone.refresh_token } }), 401),
	},
	"refresh of a session past its end": {
		act: (w) =>
			status(api(w.app, "POST", "/login/refresh-token", { body: { refresh_token: w.adaOld.refresh_token } }), 401),
	},
	"an access token in use slides on": {
		act: async (w) => {
			w.test.advance(61_000);
			await status(api(w.app, "GET", "/users/me", { headers: w.ada.headers }));
		},
	},
	"reauthenticate (recent authentication)": {
		// Past the window: what was remembered says "not recent".
		before: (w) => w.test.advance(w.test.config.reauthWindowMs + 1),
		act: (w) =>
			status(api(w.app, "POST", "/login/reauthenticate", { headers: w.ada.headers, body: { password: PASSWORD } })),
		afterwards: (w) =>
			status(api(w.app, "PATCH", "/users/me", { headers: w.ada.headers, body: { email: "ada.new@example.com" } })),
	},
	"change one's password": {
		act: (w) =>
			status(
				api(w.app, "PATCH", "/users/me/password", {
					headers: w.ada.headers,
					body: { current_password: PASSWORD, new_password: "a-brand-new-password" },
				}),
			),
	},
	"reset a password by link": {
		act: async (w) => {
			const token = /token=([A-Za-z0-9_-]{43})/.exec(
				await recoveryEmailHtml(w.app.deps, await authOf(w.app, w.admin), w.ada.email, undefined),
			)?.[1];
			await status(api(w.app, "POST", "/reset-password/", { body: { token, new_password: "a-brand-new-password" } }));
		},
	},
	"reset the password of an unproved address by link (it becomes proved)": {
		act: async (w) => {
			const token = /token=([A-Za-z0-9_-]{43})/.exec(
				await recoveryEmailHtml(w.app.deps, await authOf(w.app, w.admin), w.uma.email, undefined),
			)?.[1];
			await status(api(w.app, "POST", "/reset-password/", { body: { token, new_password: "a-brand-new-password" } }));
		},
	},
	"an admin unlinks an identity (the sessions made through it end)": {
		before: async (w) => {
			await rawRun(w.test.db, "UPDATE sessions SET provider = 'company' WHERE id = ?", [
				w.adaPhone.access_token.split(".")[0],
			]);
			await rawRun(
				w.test.db,
				"INSERT INTO user_identities (id, user_id, provider, issuer, subject, created_at) VALUES (?, ?, 'company', 'https://sso.example.com', 'ada-sub', ?)",
				["00000000-0000-4000-8000-00000000ada1", w.ada.id, w.test.now()],
			);
		},
		act: (w) =>
			status(
				api(w.app, "DELETE", `/users/${w.ada.id}/identities/00000000-0000-4000-8000-00000000ada1`, {
					headers: w.admin.headers,
				}),
				204,
			),
	},
	"an operator resets a password (the CLI's code, in this process)": {
		act: async (w) => setPasswordAsOperator(w.app.deps, w.ada.email, "set-by-the-operator"),
	},
	"an admin deactivates a user": {
		act: (w) =>
			status(api(w.app, "PATCH", `/users/${w.ada.id}`, { headers: w.admin.headers, body: { is_active: false } })),
	},
	"an admin sets a user's password": {
		act: (w) =>
			status(
				api(w.app, "PATCH", `/users/${w.ada.id}`, {
					headers: w.admin.headers,
					body: { password: "set-by-the-admin-1" },
				}),
			),
	},
	"an admin changes a user's role, name, e-mail and verification": {
		act: (w) =>
			status(
				api(w.app, "PATCH", `/users/${w.uma.id}`, {
					headers: w.admin.headers,
					body: { is_superuser: true, full_name: "Uma Admin", email: "uma.admin@example.com", email_verified: true },
				}),
			),
	},
	"an admin deletes a user": {
		act: (w) => status(api(w.app, "DELETE", `/users/${w.ada.id}`, { headers: w.admin.headers })),
	},
	"an admin signs a user out everywhere": {
		act: (w) => status(api(w.app, "DELETE", `/users/${w.ada.id}/sessions`, { headers: w.admin.headers })),
	},
	"delete one's own account": { act: (w) => status(api(w.app, "DELETE", "/users/me", { headers: w.bob.headers })) },
	"change one's name": {
		act: (w) => status(api(w.app, "PATCH", "/users/me", { headers: w.ada.headers, body: { full_name: "Ada L." } })),
	},
	"change one's e-mail": {
		act: (w) =>
			status(api(w.app, "PATCH", "/users/me", { headers: w.ada.headers, body: { email: "ada.moved@example.com" } })),
	},
	"undo an e-mail change by its link (every session ends)": {
		act: async (w) => {
			const token = await issueAccountToken(
				w.app.deps,
				w.ada.id,
				"email_revert",
				"ada.old@example.com",
				REVERT_LINK_TTL_MS,
			);
			await status(api(w.app, "POST", "/revert-email/", { body: { token } }));
		},
	},
	"prove an address by its link": {
		act: async (w) => {
			const token = await issueAccountToken(w.app.deps, w.uma.id, "email_verify", w.uma.email, VERIFY_LINK_TTL_MS);
			await status(api(w.app, "POST", "/verify-email/", { body: { token } }));
		},
	},
	"end one of one's sessions": {
		act: (w) =>
			status(
				api(w.app, "DELETE", `/users/me/sessions/${w.adaPhone.access_token.split(".")[0]}`, { headers: w.ada.headers }),
			),
	},
	"end one's other sessions": {
		act: (w) => status(api(w.app, "DELETE", "/users/me/sessions", { headers: w.ada.headers })),
	},
	"sign up": {
		act: (w) =>
			status(api(w.app, "POST", "/users/signup", { body: { email: "new@example.com", password: "a-good-password" } })),
	},
	"an admin invites a user": {
		act: (w) =>
			status(
				api(w.app, "POST", "/users/", { headers: w.admin.headers, body: { email: "ivy@example.com", invite: true } }),
			),
	},
	"an admin revokes an invitation": {
		act: async (w) => {
			const invited = await api(w.app, "POST", "/users/", {
				headers: w.admin.headers,
				body: { email: "revoked@example.com", invite: true },
			});
			const { id } = invited.json() as { id: string };
			return status(api(w.app, "DELETE", `/users/${id}/invite`, { headers: w.admin.headers }));
		},
	},
	...twoFactorPaths(),
	...accessTokenPaths(),
};

/** The writes of `api_tokens` (and a deactivation, a reset by link and a revert revoke them: walked above). */
function accessTokenPaths(): Record<string, Path> {
	return {
		"create a personal access token": {
			act: async (w) => {
				const made = await createPat(w.app, w.ada, ["read"], { name: "another script" });
				w.tokens.push({ label: "ada's new script", access: made.token, refresh: "" });
			},
		},
		"revoke one's token": {
			act: (w) => status(api(w.app, "DELETE", `/users/me/tokens/${w.adaScript.id}`, { headers: w.ada.headers })),
		},
		"an admin revokes a user's token": {
			act: (w) =>
				status(api(w.app, "DELETE", `/users/${w.ada.id}/tokens/${w.adaScript.id}`, { headers: w.admin.headers })),
		},
		"a token in use records its last use": {
			act: async (w) => {
				w.test.advance(61_000);
				await status(api(w.app, "GET", "/users/me", { headers: w.adaScript.headers }));
			},
		},
		"an admin demotes the owner of an admin token": {
			act: async (w) => {
				const second = await seedUser(w.app, { email: "second-admin@example.com", isSuperuser: true });
				await status(
					api(w.app, "PATCH", `/users/${w.admin.id}`, { headers: second.headers, body: { is_superuser: false } }),
				);
			},
			afterwards: (w) => status(api(w.app, "GET", "/users/", { headers: w.adminScript.headers }), 403),
		},
		"the housekeeping tells the owners of tokens ending within a week": {
			before: (w) => w.test.advance(23 * 86_400_000 + 1),
			act: async (w) => {
				await runHousekeeping(w.app.deps);
			},
		},
		"the housekeeping sweeps tokens past their end": {
			before: (w) => w.test.advance(30 * 86_400_000),
			act: async (w) => {
				await runHousekeeping(w.app.deps);
			},
		},
	};
}

/** Two-factor's writes to `users`: its secret, its time of enabling, the last code's step. */
function twoFactorPaths(): Record<string, Path> {
	let ada: TwoFactorUser | undefined;
	let mfaToken = "";
	const withTwoFactor = async (w: World) => {
		ada = await enableTwoFactor(w.app, w.ada, w.test.now);
	};
	return {
		"start setting up two-factor (a secret not live yet)": {
			act: (w) => status(api(w.app, "POST", "/users/me/totp/setup", { headers: w.ada.headers })),
		},
		"turn two-factor on": {
			act: async (w) => {
				await withTwoFactor(w);
			},
		},
		"turn two-factor off": {
			before: withTwoFactor,
			act: (w) => status(api(w.app, "DELETE", "/users/me/totp", { headers: w.ada.headers })),
		},
		"an admin resets a user's two-factor": {
			before: withTwoFactor,
			act: (w) => status(api(w.app, "DELETE", `/users/${w.ada.id}/totp`, { headers: w.admin.headers })),
		},
		"sign in with a two-factor code (its step is spent)": {
			before: async (w) => {
				await withTwoFactor(w);
				mfaToken = await mfaTokenOf(w.app, w.ada);
			},
			act: async (w) => {
				const code = totpAt(ada?.secret ?? "", w.test.now(), 1);
				const res = await api(w.app, "POST", "/login/mfa", { body: { mfa_token: mfaToken, code } });
				expect(res.statusCode, res.body).toBe(200);
				const { access_token, refresh_token } = res.json() as { access_token: string; refresh_token: string };
				w.tokens.push({ label: "ada's two-factor login", access: access_token, refresh: refresh_token });
			},
		},
	};
}

describe("the session check", () => {
	// On PostgreSQL there is no cache (decision 034): the walk then shows that every request reads the row.
	it("walks every path that writes a session or a user, the cache warm on SQLite: the very next request of every token gets what the database says", async () => {
		const sites = writeSitesOf(AUTH_TABLES);
		expect(sites.length).toBeGreaterThan(10);
		const reached = new Set<string>();
		for (const [path, { act, before, afterwards }] of Object.entries(paths)) {
			const test = await buildTestApp();
			const w = await world(test);
			// Which statement wrote is heard by SQLite's temporary triggers: recorded on SQLite only.
			const recorder = onPostgres ? undefined : recordWrites(test.db, AUTH_TABLES);
			await before?.(w);
			// Warm: every session is remembered (the one past its end too: the row is read, then refused).
			// Twice: a first use after time passed slides the token, a write that forgets it.
			for (let round = 0; round < 2; round++)
				for (const token of w.tokens) await api(w.app, "GET", "/users/me", { headers: bearer(token.access) });
			if (recorder) expect(sessionCheckCacheOf(test.db).size, path).toBe(w.tokens.length);
			await (recorder ? recorder.during(() => act(w)) : act(w));
			await expectNextRequestsHold(w, path);
			await afterwards?.(w);
			for (const site of recorder?.reached(sites) ?? []) reached.add(siteName(site));
			await test.close();
		}
		if (onPostgres) return;
		const unwalked = sites.map(siteName).filter((name) => !reached.has(name));
		expect(unwalked, "statements that write sessions, tokens or users which no path above runs: walk them too").toEqual(
			[],
		);
	}, 120_000);

	it("finds every write of the code, Drizzle's and raw SQL's alike", () => {
		const sites = writeSitesOf(AUTH_TABLES).map(siteName);
		// A few it must see, of each kind the code has.
		expect(sites).toContainEqual(expect.stringMatching(/^server\/services\/sessions\/session\.ts:\d+ \(sessions\)$/));
		expect(sites).toContainEqual(expect.stringMatching(/^server\/services\/users\/records\.ts:\d+ \(users\)$/));
		expect(sites.filter((s) => s.startsWith("server/services/users/devices.ts"))).toHaveLength(3);
	});
});

// SQLite's in-process cache (decision 027); PostgreSQL has none: its twin is the describe after this one.
describeOnSqlite("what the cache remembers", () => {
	it("is read only from tables whose writes it hears of", () => {
		const read = [...`${SESSION_LOOKUP_SQL}\n${TOKEN_LOOKUP_SQL}`.matchAll(/\b(?:from|join)\s+[`"]?(\w+)/gi)].map(
			(match) => match[1],
		);
		expect(read).toContain("api_tokens");
		expect(read.length).toBeGreaterThan(0);
		for (const table of read) expect(Object.keys(WATCHED_TABLES)).toContain(table);
	});

	it("a write forgets only the sessions it touches: others stay remembered", async () => {
		const test = await buildTestApp();
		const w = await world(test);
		for (const token of w.tokens) await api(w.app, "GET", "/users/me", { headers: bearer(token.access) });
		const cache = sessionCheckCacheOf(test.db);
		const id = (access: string) => access.split(".")[0] as string;
		await status(api(w.app, "PATCH", "/users/me", { headers: w.bob.headers, body: { full_name: "Robert" } }));
		expect(cache.remembered(id(w.bob.accessToken))).toBeUndefined();
		expect(cache.remembered(id(w.ada.accessToken))).toBeDefined();
		expect(cache.remembered(id(w.adaPhone.access_token))).toBeDefined();
		await status(api(w.app, "POST", "/login/logout", { headers: w.adaPhone.headers }));
		expect(cache.remembered(id(w.adaPhone.access_token))).toBeUndefined();
		expect(cache.remembered(id(w.ada.accessToken))).toBeDefined();
	});

	it("never what a transaction wrote before it committed (it may roll back)", async () => {
		const test = await buildTestApp();
		const w = await world(test);
		const id = w.bob.accessToken.split(".")[0] as string;
		const cache = sessionCheckCacheOf(test.db);
		await expect(
			atomically({ db: test.db }, async ({ db }) => {
				db.$client.prepare("UPDATE users SET full_name = 'Never Committed' WHERE id = ?").run(w.bob.id);
				// The body's re-check reads the row as the transaction holds it, and nothing is remembered;
				// the request-side lookup is refused inside a body (outside one it waits for the end).
				expect((await cache.read(id))?.auth.user.fullName).toBe("Never Committed");
				await expect(cache.get(id)).rejects.toThrow(TransactionMisuse);
				throw new Error("roll back");
			}),
		).rejects.toThrow("roll back");
		expect(cache.remembered(id)).toBeUndefined();
		const res = await api(w.app, "GET", "/users/me", { headers: w.bob.headers });
		expect(res.json()).toMatchObject({ full_name: "Bob" });
	});

	it("holds no password hash and no two-factor secret", async () => {
		const test = await buildTestApp();
		const w = await world(test);
		await api(w.app, "GET", "/users/me", { headers: w.bob.headers });
		const record = sessionCheckCacheOf(test.db).remembered(w.bob.accessToken.split(".")[0] as string);
		expect(JSON.stringify(record?.auth)).not.toMatch(/argon2|hashed|Hash/);
		expect(record?.auth.user).not.toHaveProperty("hashedPassword");
		expect(record?.auth.user).not.toHaveProperty("totpSecret");
	});
});

// PostgreSQL's twin of the cache's guarantees: no cache, the row is read on every request (decision 034).
describeOnPostgres("the session check on PostgreSQL", () => {
	it("sees at once what another instance wrote: a revoked session, a deactivated user, a new name", async () => {
		const test = await buildTestApp();
		const w = await world(test);
		const id = (access: string) => access.split(".")[0] as string;
		for (const token of w.tokens) await api(w.app, "GET", "/users/me", { headers: bearer(token.access) });
		// Written beside the app, as another instance on the same database would.
		await rawRun(test.db, "DELETE FROM sessions WHERE id = ?", [id(w.adaPhone.access_token)]);
		await rawRun(test.db, "UPDATE users SET is_active = false WHERE id = ?", [w.uma.id]);
		await rawRun(test.db, "UPDATE users SET full_name = 'Robert' WHERE id = ?", [w.bob.id]);
		await expectNextRequestsHold(w, "written by another instance");
		expect((await api(w.app, "GET", "/users/me", { headers: w.adaPhone.headers })).statusCode).toBe(401);
		expect((await api(w.app, "GET", "/users/me", { headers: w.uma.headers })).statusCode).toBe(401);
		expect((await api(w.app, "GET", "/users/me", { headers: w.bob.headers })).json()).toMatchObject({
			full_name: "Robert",
		});
	});

	it("never answers from what a transaction wrote before it committed (it may roll back)", async () => {
		const test = await buildTestApp();
		const w = await world(test);
		const id = w.bob.accessToken.split(".")[0] as string;
		await expect(
			atomically({ db: test.db }, async ({ db }) => {
				await db.update(users).set({ fullName: "Never Committed" }).where(eq(users.id, w.bob.id));
				// The body's re-check reads the row as the transaction holds it.
				expect((await sessionChecksOf(db).read(id))?.auth.user.fullName).toBe("Never Committed");
				throw new Error("roll back");
			}),
		).rejects.toThrow("roll back");
		expect((await api(w.app, "GET", "/users/me", { headers: w.bob.headers })).json()).toMatchObject({
			full_name: "Bob",
		});
	});
});
