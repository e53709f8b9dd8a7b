import { randomBytes } from "node:crypto";
import { copyFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildTestApp, tempDataDir } from "../../helpers/build-test-app.ts";
import { api } from "../../helpers/http.ts";
import { runCliHere, spawnServer, startServer, tempDir } from "../../helpers/process.ts";
import { totpAt } from "../../helpers/totp.ts";
import { enableTwoFactor, mfaTokenOf, type TwoFactorUser } from "../../helpers/two-factor.ts";
import { seedUser } from "../../helpers/users.ts";

const UNAVAILABLE = {
	detail: "Two-factor authentication is unavailable on this server, please contact an administrator",
};

/** An app over DATA_DIR/app.db, as the server would open it, with a user who has two-factor on. */
async function appWithTwoFactor(dataDir: string) {
	const testApp = await buildTestApp({ dataDir, databasePath: join(dataDir, "app.db") });
	const user = await enableTwoFactor(testApp.app, await seedUser(testApp.app), testApp.now);
	const startAt = testApp.now();
	await testApp.close();
	return { user, startAt };
}

/** The second login step with a code of the app, on a reopened database. */
async function signInWithCode(dataDir: string, user: TwoFactorUser, startAt: number, env: Record<string, string> = {}) {
	const { app, now } = await buildTestApp({ dataDir, databasePath: join(dataDir, "app.db"), startAt, env });
	const token = await mfaTokenOf(app, user);
	return {
		app,
		answer: await api(app, "POST", "/login/mfa", { body: { mfa_token: token, code: totpAt(user.secret, now(), 1) } }),
	};
}

describe("two-factor secrets, their key and backups", () => {
	it("the backup command says to keep the key; restored with it, codes still verify", { timeout: 60_000 }, async () => {
		const origin = tempDataDir();
		const { user, startAt } = await appWithTwoFactor(origin);
		const file = join(tempDir(), "backup.db");
		const backup = await runCliHere(["backup", file], { DATA_DIR: origin });
		expect(backup.code).toBe(0);
		expect(backup.stdout).toContain(`Keep the encryption key with this backup`);
		expect(backup.stdout).toContain(join(origin, "secret.key"));

		// A new machine: the database comes back first, the key is not there yet.
		const target = join(tempDir(), "data");
		const restored = await runCliHere(["restore", file], { DATA_DIR: target });
		expect(restored.code).toBe(0);
		expect(restored.stderr).toContain(`${join(target, "secret.key")} is missing`);
		copyFileSync(join(origin, "secret.key"), join(target, "secret.key"));
		const { answer } = await signInWithCode(target, user, startAt);
		expect(answer.statusCode).toBe(200);
	});

	it("with another key: restore warns, codes of the app fail clearly, recovery codes still work", {
		timeout: 60_000,
	}, async () => {
		const origin = tempDataDir();
		const { user, startAt } = await appWithTwoFactor(origin);
		const file = join(tempDir(), "backup.db");
		await runCliHere(["backup", file], { DATA_DIR: origin });
		const target = join(tempDir(), "data");
		const otherKey = randomBytes(32).toString("hex");
		const restored = await runCliHere(["restore", file], { DATA_DIR: target, SECRET_KEY: otherKey });
		expect(restored.code).toBe(0);
		expect(restored.stderr).toContain("do not decrypt with the SECRET_KEY variable");

		const { app, answer } = await signInWithCode(target, user, startAt, { SECRET_KEY: otherKey });
		expect(answer.statusCode).toBe(503);
		expect(answer.json()).toEqual(UNAVAILABLE);
		const token = await mfaTokenOf(app, user, "10.1.1.1");
		const recovery = await api(app, "POST", "/login/mfa", {
			body: { mfa_token: token, code: user.recoveryCodes[0] },
			ip: "10.1.1.1",
		});
		expect(recovery.statusCode).toBe(200);
	});

	it("the server says at start when the secrets do not decrypt, and refuses a damaged key file", {
		timeout: 60_000,
	}, async () => {
		const dataDir = tempDataDir();
		await appWithTwoFactor(dataDir);
		const wrongKey = await startServer(dataDir, { SECRET_KEY: randomBytes(32).toString("hex") });
		expect(wrongKey.output()).toContain("do not decrypt with this server's key");
		wrongKey.child.kill("SIGTERM");
		await wrongKey.exited;

		writeFileSync(join(dataDir, "secret.key"), "damaged\n");
		const damaged = spawnServer({ DATA_DIR: dataDir, PORT: "0" });
		expect((await damaged.exited).code).toBe(1);
		expect(damaged.output()).toContain("secret.key does not hold a key (64 hexadecimal characters)");
		expect(damaged.output()).not.toMatch(/\n\s+at /);
	});

	it("the operator turns off a user's two-factor at the CLI (the only superuser lost their phone)", async () => {
		const dataDir = tempDataDir();
		const { user } = await appWithTwoFactor(dataDir);
		const env = { DATA_DIR: dataDir };
		const reset = await runCliHere(["reset-two-factor", "--email", user.email], env);
		expect(reset.code).toBe(0);
		expect(reset.stdout).toContain(`Two-factor authentication turned off for ${user.email}`);
		const again = await runCliHere(["reset-two-factor", "--email", user.email], env);
		expect(again.stdout).toContain("has no two-factor authentication; nothing was changed");
		const unknown = await runCliHere(["reset-two-factor", "--email", "nobody@example.com"], env);
		expect(unknown.code).toBe(1);
		expect(unknown.stderr).toContain("No user has the e-mail nobody@example.com");
		expect((await runCliHere(["reset-two-factor", "--email", user.email, "--password", "x"], env)).code).toBe(2);
		const { app } = await buildTestApp({ dataDir, databasePath: join(dataDir, "app.db") });
		const login = await api(app, "POST", "/login/access-token", {
			body: { username: user.email, password: user.password },
		});
		expect(login.statusCode).toBe(200);
	});
});
