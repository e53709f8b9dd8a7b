import { describe, expect, it } from "vitest";
import { hashPassword } from "../../server/services/passwords.ts";
import { buildTestApp } from "../helpers/build-test-app.ts";
import { loginForm } from "../helpers/http.ts";
import { seedUser } from "../helpers/seed.ts";

const median = (values: number[]) => {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

describe("login timing", () => {
	it("an unknown e-mail costs about as long as a wrong password (one argon2 verify each)", async () => {
		const { app, advance } = await buildTestApp();
		const user = await seedUser(app);
		let ip = 0;
		const timed = async (username: string) => {
			advance(301_000); // past any back-off
			const started = performance.now();
			const res = await loginForm(app, username, "definitely-wrong", { ip: `10.5.0.${++ip}` });
			expect(res.statusCode).toBe(400);
			return performance.now() - started;
		};
		await timed("warm-up@example.com"); // the first unknown e-mail also builds the dummy hash
		const unknown: number[] = [];
		const wrong: number[] = [];
		// Interleaved, alternating which goes first, so load on a busy machine hits both alike.
		for (let i = 0; i < 15; i++) {
			if (i % 2) {
				wrong.push(await timed(user.email));
				unknown.push(await timed(`ghost${i}@example.com`));
			} else {
				unknown.push(await timed(`ghost${i}@example.com`));
				wrong.push(await timed(user.email));
			}
		}
		// Each path must spend at least about one argon2 verify, measured here on this machine
		// (a fixed number of ms fails on a fast one); a path that skipped it would cost ~1 ms.
		const hash = await hashPassword("some-password-1");
		const verifies: number[] = [];
		for (let i = 0; i < 7; i++) {
			const started = performance.now();
			await app.deps.passwords.verify(hash, "definitely-wrong", []);
			verifies.push(performance.now() - started);
		}
		const oneVerify = median(verifies);
		expect(median(wrong)).toBeGreaterThan(oneVerify * 0.5);
		expect(median(unknown)).toBeGreaterThan(oneVerify * 0.5);
		const ratio = median(unknown) / median(wrong);
		expect(ratio).toBeGreaterThan(1 / 3);
		expect(ratio).toBeLessThan(3);
	});
});
