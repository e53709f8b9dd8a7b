import { describe, expect, it } from "vitest";
import { auditEvents } from "../../../server/db/schema.ts";
import { recordAudit } from "../../../server/services/audit/record.ts";
import { runHousekeeping } from "../../../server/services/housekeeping.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";

const DAY = 86_400_000;

describe("audit retention", () => {
	it("sweeps events older than AUDIT_RETENTION when the app starts", async () => {
		const { app, advance, db } = await buildTestApp({ env: { AUDIT_RETENTION: "30d" } });
		await recordAudit(app.deps, { action: "auth.logout" });
		advance(31 * DAY);
		await recordAudit(app.deps, { action: "auth.logout_all" });
		await app.ready();
		// Runs in one app follow each other: this empty one ends after the start-up round (which,
		// on PostgreSQL, first takes the housekeeping lock on a connection of its own).
		await runHousekeeping(app.deps, []);
		expect((await db.select().from(auditEvents)).map((row) => row.action)).toEqual(["auth.logout_all"]);
	});

	it("and at each daily run, keeping what is younger", async () => {
		const { app, advance, db } = await buildTestApp({ env: { AUDIT_RETENTION: "30d" } });
		await app.ready();
		await recordAudit(app.deps, { action: "auth.logout" });
		advance(20 * DAY);
		await recordAudit(app.deps, { action: "auth.logout_all" });
		await runHousekeeping(app.deps);
		expect(await db.select().from(auditEvents)).toHaveLength(2);
		advance(11 * DAY);
		await runHousekeeping(app.deps);
		expect((await db.select().from(auditEvents)).map((row) => row.action)).toEqual(["auth.logout_all"]);
	});
});
