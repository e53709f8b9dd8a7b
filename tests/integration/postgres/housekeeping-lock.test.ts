import { describe, expect, it } from "vitest";
import { type HousekeepingJob, runHousekeeping } from "../../../server/services/housekeeping.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { freshDatabase } from "../../helpers/postgres.ts";

// Housekeeping runs on one instance at a time (issue 24): an advisory try-lock, so a second
// instance arriving while the first sweeps skips its round rather than waiting or sweeping
// beside it. Two apps on one database stand for two instances; a gate holds the first run.

function gatedJob() {
	let open: () => void = () => {};
	const gate = new Promise<void>((resolve) => {
		open = resolve;
	});
	let entered: () => void = () => {};
	const inside = new Promise<void>((resolve) => {
		entered = resolve;
	});
	const job: HousekeepingJob = [
		"nothing (held open by the test)",
		async () => {
			entered();
			await gate;
			return 0;
		},
	];
	return { job, inside, open };
}

describe("housekeeping on PostgreSQL", () => {
	it("two housekeepers at once: one runs, the other skips; the lock is free again afterwards", async () => {
		const url = await freshDatabase("migrated");
		const a = await buildTestApp({ env: { DATABASE_URL: url } });
		const b = await buildTestApp({ env: { DATABASE_URL: url } });
		// Each app's own start-up round first, so that only the test's rounds compete.
		await Promise.all([a.app.ready(), b.app.ready()]);
		await runHousekeeping(a.app.deps, []);
		await runHousekeeping(b.app.deps, []);

		const held = gatedJob();
		const ranByB: string[] = [];
		const first = runHousekeeping(a.app.deps, [held.job]);
		await held.inside;
		const second = await runHousekeeping(b.app.deps, [["b's work", async () => ranByB.push("b") && 0]]);
		expect(second).toBe("skipped");
		expect(ranByB).toEqual([]);
		held.open();
		expect(await first).toBe("ran");

		expect(await runHousekeeping(b.app.deps, [["b's work", async () => ranByB.push("b") && 0]])).toBe("ran");
		expect(ranByB).toEqual(["b"]);
	});
});
