import { describe, expect, it } from "vitest";
import { httpLogin, listEmails, SUPERUSER, startServer, tempDir } from "../../helpers/process.ts";

describe("crash durability", () => {
	it("a kill -9 during a signup storm loses no acknowledged signup", { timeout: 120_000 }, async () => {
		const dataDir = tempDir();
		const env = { TRUST_PROXY: "1" };
		const server = await startServer(dataDir, env);
		const acknowledged: string[] = [];
		let sent = 0;
		let killed = false;
		let inFlight = 0;
		const signup = async (n: number) => {
			const email = `storm${n}@example.com`;
			inFlight++;
			try {
				const res = await fetch(`${server.url}/api/v1/users/signup`, {
					method: "POST",
					// One client IP per signup: the per-IP signup bucket must not be what stops them.
					headers: {
						"content-type": "application/json",
						"x-forwarded-for": `10.${n >> 16}.${(n >> 8) & 255}.${n & 255}`,
					},
					body: JSON.stringify({ email, password: "storm-password" }),
				});
				if (res.status === 200) acknowledged.push(email);
			} catch {
				// the connection died with the process: not acknowledged
			} finally {
				inFlight--;
			}
		};
		// 12 clients sending signups back to back until the process is gone.
		const clients = Array.from({ length: 12 }, async () => {
			while (!killed) await signup(sent++);
		});
		const deadline = Date.now() + 30_000;
		while (acknowledged.length < 40) {
			if (Date.now() > deadline)
				throw new Error(`only ${acknowledged.length} signups acknowledged:\n${server.output()}`);
			await new Promise((resolve) => setTimeout(resolve, 20));
		}
		server.child.kill("SIGKILL");
		const inFlightAtKill = inFlight;
		killed = true;
		await Promise.all(clients);
		expect((await server.exited).signal).toBe("SIGKILL");
		expect(inFlightAtKill).toBeGreaterThan(0); // some were in flight when it died
		expect(sent).toBeGreaterThan(acknowledged.length);

		const restarted = await startServer(dataDir, env);
		const login = await httpLogin(restarted.url, SUPERUSER.email, SUPERUSER.password);
		const { access_token } = (await login.json()) as { access_token: string };
		const stored = await listEmails(restarted.url, access_token);
		const lost = acknowledged.filter((email) => !stored.has(email));
		expect(lost).toEqual([]);
	});
});
