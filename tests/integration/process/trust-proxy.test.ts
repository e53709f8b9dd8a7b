import { describe, expect, it } from "vitest";
import { httpLogin, type RunningServer, startServer, tempDir } from "../../helpers/process.ts";

/** The start-up warning, as a parsed pino line, or undefined. */
const trustProxyWarning = (output: string) =>
	output
		.split("\n")
		.filter((line) => line.startsWith("{"))
		.map((line) => JSON.parse(line) as { level: number; msg: string })
		.find((entry) => entry.msg.includes("TRUST_PROXY"));

let burstNumber = 0;

/**
 * 30 failed logins at once, each with its own e-mail (no account back-off) and the given
 * X-Forwarded-For: the per-IP login bucket holds 20, so one client gets at least 10 refusals.
 */
async function refusedOf30(server: RunningServer, forwardedFor: (i: number) => string): Promise<number> {
	const burst = ++burstNumber;
	const answers = await Promise.all(
		Array.from({ length: 30 }, (_, i) =>
			httpLogin(server.url, `nobody-${burst}-${i}@example.com`, "wrong-password", forwardedFor(i)),
		),
	);
	const statuses = answers.map((answer) => answer.status);
	expect(statuses.every((status) => status === 400 || status === 429)).toBe(true);
	return statuses.filter((status) => status === 429).length;
}

// A proxy appends the address it saw: the last entry is the one a single proxy vouches for,
// the first is whatever the client wrote.
describe("TRUST_PROXY: which X-Forwarded-For entry is the client", () => {
	it("with a hop count of 1, the last entry: a client cannot escape its bucket by writing its own", {
		timeout: 60_000,
	}, async () => {
		const server = await startServer(tempDir(), { TRUST_PROXY: "1" });
		expect(await refusedOf30(server, (i) => `203.0.113.${i}, 198.51.100.7`)).toBeGreaterThanOrEqual(5);
		expect(await refusedOf30(server, (i) => `203.0.113.200, 198.51.100.${100 + i}`)).toBe(0);
		expect(trustProxyWarning(server.output())).toBeUndefined();
	});

	it("with true, the first entry, which any client can forge: the server warns at start", {
		timeout: 60_000,
	}, async () => {
		const server = await startServer(tempDir(), { TRUST_PROXY: "true" });
		expect(await refusedOf30(server, (i) => `203.0.113.${i}, 198.51.100.7`)).toBe(0);
		expect(await refusedOf30(server, (i) => `203.0.113.200, 198.51.100.${100 + i}`)).toBeGreaterThanOrEqual(5);
		const warning = trustProxyWarning(server.output());
		expect(warning?.level).toBe(40);
		expect(warning?.msg).toMatch(/number of proxies/);
	});
});
