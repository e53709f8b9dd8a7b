import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { migrationsPgDir } from "../../../../server/paths.ts";
import { healthy, sharedSetup, spawnInstance, sql } from "../../../helpers/instances.ts";
import { freshDatabase } from "../../../helpers/postgres.ts";
import { SUPERUSER } from "../../../helpers/process.ts";

const migrations = (
	JSON.parse(readFileSync(join(migrationsPgDir, "meta", "_journal.json"), "utf8")) as { entries: unknown[] }
).entries.length;

/**
 * Spec "What the tests prove" 4: two instances started at the same moment on an empty
 * database: both serve, the migrations were applied once, and there is one superuser.
 */
describe("two instances on one PostgreSQL database: a simultaneous cold start", () => {
	it(`both start on an empty database: ${migrations} migrations applied once, one first superuser, one audit row for it`, {
		timeout: 120_000,
	}, async () => {
		const shared = sharedSetup(await freshDatabase("empty"));
		const spawned = await Promise.all([spawnInstance(shared), spawnInstance(shared)]);
		const [a, b] = await Promise.all(spawned.map((server) => healthy(server, 60_000)));
		if (!a || !b) throw new Error("two instances");

		const db = await sql(shared.databaseUrl);
		const applied = (await db.query("select hash from drizzle.__drizzle_migrations")).rows;
		const superusers = (await db.query("select email from users where is_superuser")).rows;
		const creations = (await db.query("select id from audit_events where action = 'admin.user_create'")).rows;
		console.log(
			`proof 4: 2 instances started together; migrations applied ${applied.length} (of ${migrations}), superusers ${superusers.length}, creation audit rows ${creations.length}`,
		);
		expect(applied).toHaveLength(migrations);
		expect(new Set(applied.map((row) => row.hash)).size).toBe(migrations);
		expect(superusers).toEqual([{ email: SUPERUSER.email }]);
		expect(creations).toHaveLength(1);
		for (const server of [a, b]) {
			const answer = await fetch(`${server.url}/api/v1/utils/health-check/`);
			expect(answer.status).toBe(200);
		}
	});
});
