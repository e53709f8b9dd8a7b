import { describe, expect, it } from "vitest";
import { sessionCheckCacheOf } from "../../../server/services/sessions/check-cache.ts";
import type { TokenPair } from "../../../shared/schemas/auth.ts";
import { describeOnSqlite } from "../../helpers/engine.ts";
import { api, bearer, loginForm } from "../../helpers/http.ts";
import { linkIdentity, type OidcWorld, oidcWorld, providerSignIn } from "../../helpers/oidc-world.ts";
import { rawGet } from "../../helpers/raw-sql.ts";
import { seedUser } from "../../helpers/users.ts";

/**
 * Sessions made through a provider last at most its SESSION_TTL (a leaver disabled at the
 * provider keeps no Portico session beyond it): a hard end on the session row that neither
 * the access token's sliding expiry nor a refresh passes. The frozen clock is advanced.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const sessionIdOf = (tokens: TokenPair) => tokens.access_token.split(".")[0];
const me = (w: OidcWorld, tokens: TokenPair) =>
	api(w.app, "GET", "/users/me", { headers: bearer(tokens.access_token) });
const refresh = (w: OidcWorld, tokens: TokenPair) =>
	api(w.app, "POST", "/login/refresh-token", { body: { refresh_token: tokens.refresh_token } });

async function signedInThroughProvider(env: Record<string, string> = { SESSION_TTL: "1h" }) {
	const w = await oidcWorld(env);
	const user = await seedUser(w.app);
	await linkIdentity(w, user.id, "alice-sub");
	return { w, user, tokens: await providerSignIn(w, "alice-sub") };
}

describe("a session through a provider ends at its SESSION_TTL", () => {
	it("the row carries its hard end; the session and its refresh hold until then, and both are refused at it", async () => {
		const { w, tokens } = await signedInThroughProvider();
		const start = w.now();
		expect(await rawGet(w.db, "SELECT ends_at, expires_at FROM sessions WHERE id = ?", [sessionIdOf(tokens)])).toEqual({
			ends_at: start + HOUR,
			expires_at: start + HOUR,
		});
		w.advance(50 * MINUTE);
		const renewed = await refresh(w, tokens);
		expect(renewed.statusCode).toBe(200);
		const pair = renewed.json() as TokenPair;
		expect((await me(w, pair)).statusCode).toBe(200);
		// The rotation renewed the access token up to the hard end, not 15 minutes past now.
		expect(
			await rawGet(w.db, "SELECT access_expires_at, expires_at FROM sessions WHERE id = ?", [sessionIdOf(pair)]),
		).toEqual({ access_expires_at: start + HOUR, expires_at: start + HOUR });

		w.advance(10 * MINUTE - 1);
		expect((await me(w, pair)).statusCode).toBe(200);
		w.advance(1);
		expect((await me(w, pair)).statusCode).toBe(401);
		expect((await refresh(w, pair)).statusCode).toBe(401);
	});

	it("the access token's sliding expiry, used every minute, never passes it", async () => {
		const { w, tokens } = await signedInThroughProvider({ SESSION_TTL: "20m" });
		for (let minute = 1; minute < 20; minute++) {
			w.advance(MINUTE);
			expect((await me(w, tokens)).statusCode, `minute ${minute}`).toBe(200);
		}
		w.advance(MINUTE);
		expect((await me(w, tokens)).statusCode).toBe(401);
	});

	it("the default is 24 hours; a password's session in the same app has no hard end", async () => {
		const { w, user, tokens } = await signedInThroughProvider({});
		const login = await loginForm(w.app, user.email, user.password);
		const byPassword = login.json() as TokenPair;
		expect(await rawGet(w.db, "SELECT ends_at FROM sessions WHERE id = ?", [sessionIdOf(byPassword)])).toEqual({
			ends_at: null,
		});
		let provider = tokens;
		let password = byPassword;
		for (let hour = 0; hour < 24; hour += 8) {
			w.advance(8 * HOUR - (hour === 16 ? 1 : 0));
			const [fromProvider, fromPassword] = [await refresh(w, provider), await refresh(w, password)];
			expect([fromProvider.statusCode, fromPassword.statusCode], `hour ${hour + 8}`).toEqual([200, 200]);
			provider = fromProvider.json() as TokenPair;
			password = fromPassword.json() as TokenPair;
		}
		w.advance(1);
		expect((await refresh(w, provider)).statusCode).toBe(401);
		expect((await refresh(w, password)).statusCode).toBe(200);
	});
});

// The session-check cache is SQLite's (PostgreSQL reads the row on every request, tested above).
describeOnSqlite("the session-check cache", () => {
	it("a remembered session is refused at its hard end, from memory (no write made it forget)", async () => {
		const { w, tokens } = await signedInThroughProvider({ SESSION_TTL: "10m" });
		const id = sessionIdOf(tokens) ?? "";
		w.advance(10 * MINUTE - 30_000);
		// The first check slides the access token (a write: the entry is forgotten), the second remembers it.
		expect((await me(w, tokens)).statusCode).toBe(200);
		expect((await me(w, tokens)).statusCode).toBe(200);
		const remembered = sessionCheckCacheOf(w.db).remembered(id)?.auth.session;
		expect(remembered?.accessExpiresAt).toBe(w.now() + 30_000);
		w.advance(30_000);
		expect(remembered).toBeDefined();
		expect(sessionCheckCacheOf(w.db).remembered(id)?.auth.session).toBe(remembered);
		expect((await me(w, tokens)).statusCode).toBe(401);
	});
});
