import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { hashSecretHex } from "../../../server/lib/tokens.ts";
import { httpLogin, runCli, runCliHere, SUPERUSER, startServer, tempDir } from "../../helpers/process.ts";

const noStack = (text: string) => expect(text).not.toMatch(/\n\s+at /);

describe("CLI: create-superuser and reset-password", () => {
	it("create-superuser makes an active superuser with a generated password printed once; a duplicate is refused", {
		timeout: 120_000,
	}, async () => {
		const dataDir = tempDir();
		const env = { DATA_DIR: dataDir };
		const created = await runCli(["create-superuser", "--email", "Boss@Example.com"], env);
		expect(created.stderr).toBe("");
		expect(created.code).toBe(0);
		const password = /Password \(shown only now\): (\S+)/.exec(created.stdout)?.[1] ?? "";
		expect(password.length).toBeGreaterThanOrEqual(16);

		const duplicate = await runCliHere(
			["create-superuser", "--email", "boss@example.com", "--password", "chosen-password"],
			env,
		);
		expect(duplicate.code).toBe(1);
		expect(duplicate.stderr).toMatch(/already exists/);
		noStack(duplicate.stderr);

		const server = await startServer(dataDir);
		const login = await httpLogin(server.url, "boss@example.com", password);
		expect(login.status).toBe(200);
		const { access_token } = (await login.json()) as { access_token: string };
		const me = await fetch(`${server.url}/api/v1/users/me`, { headers: { authorization: `Bearer ${access_token}` } });
		expect(await me.json()).toMatchObject({ email: "boss@example.com", is_superuser: true, is_active: true });
	});

	it("reset-password, beside a running server, ends sessions and reset links and lifts the back-off at once", {
		timeout: 120_000,
	}, async () => {
		const dataDir = tempDir();
		const env = { DATA_DIR: dataDir };
		const server = await startServer(dataDir);
		const login = await httpLogin(server.url, SUPERUSER.email, SUPERUSER.password);
		const { access_token } = (await login.json()) as { access_token: string };
		await fetch(`${server.url}/api/v1/password-recovery/${SUPERUSER.email}`, { method: "POST" });
		const db = new Database(join(dataDir, "app.db"));
		try {
			const outstanding = () => (db.prepare("select count(*) as n from reset_tokens").get() as { n: number }).n;
			// The link is issued just after the reply (so its timing tells nothing): wait for it.
			for (const deadline = Date.now() + 5000; outstanding() === 0 && Date.now() < deadline; ) {
				await new Promise((resolve) => setTimeout(resolve, 20));
			}
			expect(outstanding()).toBe(1);
			// A long back-off for this client (the test talks from loopback), as after many failed logins.
			db.prepare(
				"insert into login_throttle (account_key, client_key, failures, locked_until) values (?, ?, 9, ?)",
			).run(hashSecretHex(SUPERUSER.email), hashSecretHex("127.0.0.1"), Date.now() + 300_000);
			expect((await httpLogin(server.url, SUPERUSER.email, SUPERUSER.password)).status).toBe(429);

			const reset = await runCli(["reset-password", "--email", SUPERUSER.email.toUpperCase()], env);
			expect(reset.stderr).toBe("");
			expect(reset.code).toBe(0);
			const password = /New password \(shown only now\): (\S+)/.exec(reset.stdout)?.[1] ?? "";
			expect(password).not.toBe("");

			const me = await fetch(`${server.url}/api/v1/users/me`, { headers: { authorization: `Bearer ${access_token}` } });
			expect(me.status).toBe(401);
			expect(outstanding()).toBe(0);
			expect((await httpLogin(server.url, SUPERUSER.email, password)).status).toBe(200);
			expect((await httpLogin(server.url, SUPERUSER.email, SUPERUSER.password)).status).toBe(400);
			// That failure set a fresh back-off, which the next reset lifts again.
			db.prepare("update login_throttle set locked_until = ? where account_key = ?").run(
				Date.now() + 300_000,
				hashSecretHex(SUPERUSER.email),
			);
		} finally {
			db.close();
		}

		const chosen = await runCliHere(
			["reset-password", "--email", SUPERUSER.email, "--password", "operator-chosen"],
			env,
		);
		expect(chosen.code).toBe(0);
		expect(chosen.stdout).not.toMatch(/shown only now/);
		expect((await httpLogin(server.url, SUPERUSER.email, "operator-chosen")).status).toBe(200);
		const unknown = await runCliHere(["reset-password", "--email", "nobody@example.com"], env);
		expect(unknown.code).toBe(1);
		expect(unknown.stderr).toMatch(/No user has the e-mail nobody@example\.com/);
	});

	it("bad usage prints the usage on stderr and exits 2; help exits 0", { timeout: 120_000 }, async () => {
		const env = { DATA_DIR: tempDir() };
		const spawned = await runCli(["frobnicate"], env);
		expect(spawned.code).toBe(2);
		expect(spawned.stderr).toMatch(/unknown command: frobnicate[\s\S]*Usage: npm run cli/);
		noStack(spawned.stderr);
		const cases = [
			[],
			["create-superuser"],
			["create-superuser", "--email", "not-an-email"],
			["create-superuser", "--email", "a@example.com", "--password", "short"],
			["create-superuser", "--email", "a@example.com", "--colour", "red"],
			["reset-password", "--email"],
			["backup"],
			["backup", "a.db", "b.db"],
			["restore", "--email", "a@example.com"],
		];
		for (const args of cases) {
			const res = await runCliHere(args, env);
			expect(res.code, args.join(" ")).toBe(2);
			expect(res.stderr).toMatch(/^Error: .*\n\nUsage: npm run cli/);
			expect(res.stdout).toBe("");
		}
		const short = await runCliHere(["create-superuser", "--email", "a@example.com", "--password", "short"], env);
		expect(short.stderr).toMatch(/Password must be at least 8 characters/);
		const help = await runCliHere(["help"], env);
		expect(help.code).toBe(0);
		expect(help.stdout).toMatch(/create-superuser[\s\S]*reset-password[\s\S]*backup[\s\S]*restore/);
		expect(help.stdout).toMatch(/Stop the server first/);
		const badConfig = await runCliHere(["backup", "x.db"], { ...env, PORT: "abc" });
		expect(badConfig.code).toBe(1);
		expect(badConfig.stderr).toMatch(/PORT/);
	});
});
