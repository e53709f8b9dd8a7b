import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { clientKey } from "../../../server/lib/rate-limiter.ts";
import { hashSecretHex } from "../../../server/lib/tokens.ts";
import { accountKeyOf, recordFailedLogin } from "../../../server/services/users/login-throttle.ts";
import { buildTestApp, tempDataDir } from "../../helpers/build-test-app.ts";
import { onPostgres } from "../../helpers/engine.ts";
import { api, loginForm } from "../../helpers/http.ts";
import { rawAll, rawGet } from "../../helpers/raw-sql.ts";
import { seedUser } from "../../helpers/users.ts";

const LIMITED = { detail: "Rate limit exceeded, please try again later" };

describe("per-IP login bucket (burst 20, 1 per second)", () => {
	it("answers 429 with Retry-After after 20 tries from one IP, without blocking another IP", async () => {
		const { app, advance } = await buildTestApp();
		const tries = Array.from({ length: 20 }, (_, i) =>
			loginForm(app, `nobody${i}@example.com`, "whatever-pw", { ip: "10.1.2.3" }),
		);
		for (const res of await Promise.all(tries)) expect(res.statusCode).toBe(400);
		const limited = await loginForm(app, "nobody-x@example.com", "whatever-pw", { ip: "10.1.2.3" });
		expect(limited.statusCode).toBe(429);
		expect(limited.json()).toEqual(LIMITED);
		expect(Number(limited.headers["retry-after"])).toBeGreaterThanOrEqual(1);
		expect((await loginForm(app, "nobody-y@example.com", "whatever-pw", { ip: "10.1.2.4" })).statusCode).toBe(400);
		advance(1000);
		expect((await loginForm(app, "nobody-z@example.com", "whatever-pw", { ip: "10.1.2.3" })).statusCode).toBe(400);
		expect((await loginForm(app, "nobody-z@example.com", "whatever-pw", { ip: "10.1.2.3" })).statusCode).toBe(429);
	});

	it("ignores X-Forwarded-For unless TRUST_PROXY says so", async () => {
		const { app } = await buildTestApp();
		const spoofed = (i: number) =>
			loginForm(app, `spoof${i}@example.com`, "whatever-pw", {
				ip: "10.1.2.5",
				headers: { "x-forwarded-for": `203.0.113.${i}` },
			});
		await Promise.all(Array.from({ length: 20 }, (_, i) => spoofed(i)));
		expect((await spoofed(99)).statusCode).toBe(429);

		const proxied = await buildTestApp({ env: { TRUST_PROXY: "true" } });
		const behind = (i: number, client: string) =>
			loginForm(proxied.app, `p${i}@example.com`, "whatever-pw", {
				ip: "10.0.0.1",
				headers: { "x-forwarded-for": client },
			});
		await Promise.all(Array.from({ length: 20 }, (_, i) => behind(i, "198.51.100.1")));
		expect((await behind(50, "198.51.100.1")).statusCode).toBe(429);
		expect((await behind(51, "198.51.100.2")).statusCode).toBe(400);
	});
});

describe("what counts as one client", () => {
	it("an IPv6 /64 is one client (a host gets 2^64 addresses); an IPv4-mapped address is its IPv4 one", () => {
		expect(clientKey("10.1.2.3")).toBe("10.1.2.3");
		expect(clientKey("::ffff:10.1.2.3")).toBe("10.1.2.3");
		expect(clientKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
		expect(clientKey("2001:0db8:0001:0002:ffff:eeee:dddd:cccc")).toBe("2001:db8:1:2::/64");
		expect(clientKey("2001:db8::5")).toBe("2001:db8:0:0::/64");
		expect(clientKey("::1")).toBe("0:0:0:0::/64");
		expect(clientKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
	});

	it("rotating addresses inside one IPv6 /64 does not escape the login bucket", async () => {
		const { app } = await buildTestApp();
		const tries = Array.from({ length: 20 }, (_, i) =>
			loginForm(app, `v6-${i}@example.com`, "whatever-pw", { ip: `2001:db8:1:2::${(i + 1).toString(16)}` }),
		);
		for (const res of await Promise.all(tries)) expect(res.statusCode).toBe(400);
		expect((await loginForm(app, "v6-x@example.com", "whatever-pw", { ip: "2001:db8:1:2:aaaa::1" })).statusCode).toBe(
			429,
		);
		expect((await loginForm(app, "v6-y@example.com", "whatever-pw", { ip: "2001:db8:1:3::1" })).statusCode).toBe(400);
	});
});

describe("per-IP signup bucket (5 per minute)", () => {
	it("answers 429 on the sixth signup from one IP within a minute; other IPs are unaffected", async () => {
		const { app, advance } = await buildTestApp();
		await seedUser(app, { email: "taken@example.com" });
		const signup = (ip: string) =>
			api(app, "POST", "/users/signup", { ip, body: { email: "taken@example.com", password: "a-good-password" } });
		for (let i = 0; i < 5; i++) expect((await signup("10.7.7.7")).statusCode).toBe(400);
		const limited = await signup("10.7.7.7");
		expect(limited.statusCode).toBe(429);
		expect(limited.json()).toEqual(LIMITED);
		expect(Number(limited.headers["retry-after"])).toBeGreaterThanOrEqual(1);
		expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(12);
		expect((await signup("10.7.7.8")).statusCode).toBe(400);
		advance(12_000);
		expect((await signup("10.7.7.7")).statusCode).toBe(400);
	});
});

describe("per-account back-off after failed logins", () => {
	it("waits 1, 2, 4 ... seconds, capped at 300, even for the right password, and resets on success", async () => {
		const { app, advance } = await buildTestApp();
		const user = await seedUser(app);
		// One client guessing; the waits in between refill its per-IP bucket.
		const attempt = (password: string) => loginForm(app, user.email, password, { ip: "10.3.0.1" });
		const waits: number[] = [];
		for (let i = 0; i < 10; i++) {
			expect((await attempt("wrong-password")).statusCode).toBe(400);
			const locked = await attempt(user.password);
			expect(locked.statusCode).toBe(429);
			expect(locked.json()).toEqual(LIMITED);
			waits.push(Number(locked.headers["retry-after"]));
			advance(waits.at(-1)! * 1000);
		}
		expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 300]);
		expect((await attempt(user.password)).statusCode).toBe(200);
		expect((await attempt("wrong-password")).statusCode).toBe(400);
		expect((await attempt(user.password)).headers["retry-after"]).toBe("1");
	});

	it("counts every one of concurrent failures: the database adds one to what it holds (no lost update)", async () => {
		const { app, now } = await buildTestApp();
		const failures = Array.from({ length: 12 }, () => recordFailedLogin(app.deps, "target@example.com", "10.3.9.9"));
		await Promise.all(failures);
		const row = await rawGet(
			app.deps.db,
			'SELECT failures, locked_until AS "lockedUntil" FROM login_throttle WHERE account_key = ?',
			[accountKeyOf("target@example.com")],
		);
		expect(row).toEqual({ failures: 12, lockedUntil: now() + 300_000 });
	});

	it("cannot lock the owner out: guesses from one client slow that client only, and the owner's login clears them", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		for (let i = 0; i < 3; i++) await loginForm(app, user.email, "wrong-password", { ip: "10.5.0.1" });
		expect((await loginForm(app, user.email, user.password, { ip: "10.5.0.1" })).statusCode).toBe(429);
		expect((await loginForm(app, user.email, user.password, { ip: "10.6.0.1" })).statusCode).toBe(200);
		// An IPv6 guesser rotating addresses inside its /64 is still one client.
		await loginForm(app, user.email, "wrong-password", { ip: "2001:db8:1:2::a" });
		expect((await loginForm(app, user.email, user.password, { ip: "2001:db8:1:2::b" })).statusCode).toBe(429);
	});

	it("ends when the password is set anew, by an admin as by a reset link", async () => {
		const { app } = await buildTestApp();
		const admin = await seedUser(app, { isSuperuser: true });
		const user = await seedUser(app);
		await loginForm(app, user.email, "wrong-password", { ip: "10.8.0.1" });
		expect((await loginForm(app, user.email, user.password, { ip: "10.8.0.1" })).statusCode).toBe(429);
		const set = await api(app, "PATCH", `/users/${user.id}`, {
			headers: admin.headers,
			body: { password: "a-new-password-9" },
		});
		expect(set.statusCode).toBe(200);
		expect((await loginForm(app, user.email, "a-new-password-9", { ip: "10.8.0.1" })).statusCode).toBe(200);
	});

	it("counts e-mails case-insensitively and is per account: another account is not slowed", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const other = await seedUser(app);
		await loginForm(app, user.email.toUpperCase(), "wrong-password");
		expect((await loginForm(app, user.email, user.password)).statusCode).toBe(429);
		expect((await loginForm(app, other.email, other.password)).statusCode).toBe(200);
	});

	it("is kept in the database: a restarted app still makes the account wait", async () => {
		const dataDir = tempDataDir();
		// The same SQLite file, or the same PostgreSQL database, for the app after the restart.
		const databasePath = onPostgres ? undefined : join(dataDir, "app.db");
		const first = await buildTestApp({ dataDir, databasePath });
		const sameDatabase = first.config.postgres
			? { env: { DATABASE_URL: first.config.postgres.url } }
			: { databasePath };
		const user = await seedUser(first.app);
		await loginForm(first.app, user.email, "wrong-password");
		await loginForm(first.app, user.email, "wrong-password", { ip: "10.4.0.1" });
		await first.close();
		const second = await buildTestApp({ dataDir, ...sameDatabase, startAt: first.now() });
		const res = await loginForm(second.app, user.email, user.password);
		expect(res.statusCode).toBe(429);
		expect(Number(res.headers["retry-after"])).toBeGreaterThanOrEqual(1);
	});
});

describe("the back-off table", () => {
	it("forgets waits that ended more than a day ago when the next failure is recorded", async () => {
		const { app, db, advance } = await buildTestApp();
		const user = await seedUser(app);
		const rows = async () =>
			(await rawAll<{ account_key: string }>(db, "select account_key from login_throttle")).map((row) => ({
				email: hashed[row.account_key] ?? row.account_key,
			}));
		const hashed = Object.fromEntries(
			["nobody-1@example.com", "nobody-2@example.com", user.email].map((email) => [hashSecretHex(email), email]),
		);
		await loginForm(app, "nobody-1@example.com", "wrong-password", { ip: "10.7.0.1" });
		await loginForm(app, user.email, "wrong-password", { ip: "10.7.0.2" });
		expect(await rows()).toHaveLength(2);
		advance(25 * 3_600_000);
		await loginForm(app, "nobody-2@example.com", "wrong-password", { ip: "10.7.0.3" });
		expect((await rows()).map((row) => row.email)).toEqual(["nobody-2@example.com"]);
		// The user's count started over: the next failure waits 1 s again.
		await loginForm(app, user.email, "wrong-password", { ip: "10.7.0.2" });
		expect((await loginForm(app, user.email, user.password, { ip: "10.7.0.2" })).headers["retry-after"]).toBe("1");
	});
});
