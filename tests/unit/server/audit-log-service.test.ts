import { describe, expect, it } from "vitest";
import { iterateAuditEvents, queryAuditEvents } from "../../../server/services/audit/log.ts";
import { buildTestApp, type TestApp } from "../../helpers/build-test-app.ts";
import { rawRun } from "../../helpers/raw-sql.ts";

const START = Date.parse("2025-03-10T12:00:00Z");

/** Rows straight into the table, in this order (ids 1, 2, ...), at these times (seconds after START). */
async function write(test: TestApp, seconds: number[]) {
	for (const [i, second] of seconds.entries())
		await rawRun(test.db, "INSERT INTO audit_events (at, action, subject_email) VALUES (?, 'auth.login', ?)", [
			START + second * 1000,
			`user${i + 1}@example.com`,
		]);
}

const idsOf = (events: { id: number }[]) => events.map((event) => event.id);

const collect = async <T>(items: AsyncIterable<T>): Promise<T[]> => {
	const all: T[] = [];
	for await (const item of items) all.push(item);
	return all;
};

describe("the audit log's order", () => {
	it("is newest first by time, then by the order of writing within the same millisecond", async () => {
		const test = await buildTestApp();
		// Row 4 carries an earlier time than rows 2 and 3 (a clock set back, a slow transaction).
		await write(test, [0, 5, 5, 1, 9, 5]);
		const page = await queryAuditEvents(test.app.deps, {}, { skip: 0, limit: 100 });
		expect(idsOf(page.data)).toEqual([5, 6, 3, 2, 4, 1]);
		expect(
			idsOf((await queryAuditEvents(test.app.deps, { actions: ["auth.login"] }, { skip: 2, limit: 2 })).data),
		).toEqual([3, 2]);
	});

	it("the export's batches follow the same order, across ties at a batch's edge, each event once", async () => {
		const test = await buildTestApp();
		await write(test, [0, 5, 5, 1, 9, 5, 5, 5, 2, 9, 0]);
		const page = await queryAuditEvents(test.app.deps, {}, { skip: 0, limit: 100 });
		for (const batch of [1, 2, 3, 4, 500]) {
			expect(idsOf(await collect(iterateAuditEvents(test.app.deps, {}, batch))), `batch ${batch}`).toEqual(
				idsOf(page.data),
			);
		}
	});

	it("events written while an export runs are not in it, and nothing repeats", async () => {
		const test = await buildTestApp();
		await write(test, [0, 1, 2, 3, 4, 5]);
		const events = iterateAuditEvents(test.app.deps, {}, 2);
		const first = [(await events.next()).value, (await events.next()).value];
		await write(test, [6, 7]);
		const rest = await collect(events);
		expect(idsOf([...first, ...rest] as { id: number }[])).toEqual([6, 5, 4, 3, 2, 1]);
	});
});
