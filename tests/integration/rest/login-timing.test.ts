import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../../server/db/schema.ts";
import { hashPassword, NO_PASSWORD } from "../../../server/lib/passwords.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { loginForm } from "../../helpers/http.ts";
import { enableTwoFactor } from "../../helpers/two-factor.ts";
import { seedUser } from "../../helpers/users.ts";

const median = (values: number[]) => {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

describe("login timing", () => {
	it("an unknown e-mail, a short password, an invited user without a password and an account with two-factor cost about as long as a wrong password (one argon2 verify each)", async () => {
		// A real clock: the test is about time as it passes (it still jumps past each back-off).
		const { app, advance, now } = await buildTestApp({ clock: "real" });
		const user = await seedUser(app);
		// An account with two-factor: its wrong password must not take another path.
		const protectedUser = await enableTwoFactor(app, await seedUser(app), now);
		const invited = await seedUser(app);
		await app.deps.db.update(users).set({ hashedPassword: NO_PASSWORD }).where(eq(users.id, invited.id));
		let ip = 0;
		const timed = async (username: string, password = "definitely-wrong") => {
			advance(301_000); // past any back-off
			const started = performance.now();
			const res = await loginForm(app, username, password, { ip: `10.5.${Math.floor(++ip / 250)}.${ip % 250}` });
			expect(res.statusCode).toBe(400);
			return performance.now() - started;
		};
		await timed("warm-up@example.com"); // the first unknown e-mail also builds the dummy hash
		const unknown: number[] = [];
		const wrong: number[] = [];
		// A password shorter than 8 is just a wrong one (no 422 before the hash, as in FastAPI's form).
		const short: number[] = [];
		const withTwoFactor: number[] = [];
		const noPassword: number[] = [];
		// Interleaved, rotating which goes first, so load on a busy machine hits all alike.
		for (let i = 0; i < 15; i++) {
			const series = [
				async () => wrong.push(await timed(user.email)),
				async () => unknown.push(await timed(`ghost${i}@example.com`)),
				async () => short.push(await timed(user.email, "short")),
				async () => withTwoFactor.push(await timed(protectedUser.email)),
				async () => noPassword.push(await timed(invited.email)),
			];
			for (let j = 0; j < series.length; j++) await series[(i + j) % series.length]?.();
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
		expect(median(short)).toBeGreaterThan(oneVerify * 0.5);
		expect(median(noPassword)).toBeGreaterThan(oneVerify * 0.5);
		for (const other of [unknown, short, noPassword, withTwoFactor]) {
			const ratio = median(other) / median(wrong);
			expect(ratio).toBeGreaterThan(1 / 3);
			expect(ratio).toBeLessThan(3);
		}
	});
});
