import pg from "pg";

/**
 * "An instance runs on this database": every server holds this advisory lock SHARED for its
 * lifetime; a restore (or a data copy) takes it EXCLUSIVELY, or refuses. Session level, so it
 * lasts as long as the connection that took it and goes with it when the process dies.
 */
export const RUNNING_LOCK = "31647734761612145"; // beside WRITER_LOCK and MIGRATIONS_LOCK (server/db/postgres.ts)

/** A restore or data copy refused because instances run on the database. */
export class InstancesRunning extends Error {}

/**
 * Its own connection beside the pool (not one of DATABASE_POOL_SIZE's, which a pool of one
 * would then lack), kept open until `release`. `onLost` hears when the connection drops: the
 * lock went with it.
 */
export async function holdRunningLock(
	url: string,
	onLost: (error: Error) => void = () => {},
): Promise<{ release: () => Promise<void> }> {
	const client = new pg.Client({ connectionString: url });
	let released = false;
	client.on("error", (error) => {
		if (!released) onLost(error);
	});
	await client.connect();
	try {
		await client.query("select pg_advisory_lock_shared($1)", [RUNNING_LOCK]);
	} catch (error) {
		await client.end().catch(() => undefined);
		throw error;
	}
	return {
		release: async () => {
			released = true;
			await client.end();
		},
	};
}

/**
 * Runs `work` while holding the lock exclusively on a connection of its own: no instance runs
 * meanwhile, and none can take the lock (a server starting waits for it). Refused at once
 * with InstancesRunning when an instance holds it.
 */
export async function whileNoInstanceRuns<T>(url: string, what: string, work: () => Promise<T>): Promise<T> {
	const client = new pg.Client({ connectionString: url });
	client.on("error", () => {});
	await client.connect();
	try {
		const { rows } = await client.query<{ taken: boolean }>("select pg_try_advisory_lock($1) as taken", [RUNNING_LOCK]);
		if (!rows[0]?.taken)
			throw new InstancesRunning(
				`Portico instances are running on this database: stop every one of them before ${what}; nothing was changed.`,
			);
		return await work();
	} finally {
		await client.end().catch(() => undefined);
	}
}
