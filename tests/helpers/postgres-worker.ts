import pg from "pg";
import { inject, onTestFinished } from "vitest";
import { DERIVED_TABLES } from "../../server/db/derived-tables.ts";
import { onCluster, postgresAdminUrl } from "./postgres.ts";
import { SCHEMA_FINGERPRINT } from "./postgres-fingerprint.ts";

/**
 * Every app table a test wrote emptied, and every identity it drew from restarted: what
 * TRUNCATE ... RESTART IDENTITY CASCADE of every app table leaves, at a fraction of its cost.
 * TRUNCATE gives each table and index new files; on a test's few rows it took 2-4 times as
 * long as DELETE (docs/guides/postgresql.md has the numbers). Foreign keys are not checked meanwhile
 * (session_replication_role = replica): every table is emptied in the same transaction. Nor
 * do the triggers that keep the derived tables (server/db/derived-tables.ts) fire: those
 * tables are filled again after. Not the migrations' bookkeeping, in its own schema.
 */
const EMPTY_WRITTEN_TABLES = `
do $$
declare
	app_table regclass;
	written boolean;
	tables text[] := '{}';
begin
	for app_table in
		select c.oid::regclass from pg_class c join pg_namespace n on n.oid = c.relnamespace
		where n.nspname = 'public' and c.relkind = 'r'
	loop
		execute format('select exists (select from %s)', app_table) into written;
		if not written then
			select exists (
				select from pg_depend d join pg_sequences s
					on d.objid = format('%I.%I', s.schemaname, s.sequencename)::regclass
				where d.refobjid = app_table and d.classid = 'pg_class'::regclass and s.last_value is not null
			) into written;
		end if;
		if written then execute format('delete from %s', app_table); end if;
	end loop;
	-- The tables the triggers keep, emptied with the triggers off: filled again from the emptied tables.
	${DERIVED_TABLES.map((table) => `${table.fill};`).join("\n\t")}
	perform setval(format('%I.%I', s.schemaname, s.sequencename)::regclass, s.start_value, false)
		from pg_sequences s where s.schemaname = 'public' and s.last_value is not null;
end $$`;

/** The vitest worker's database (one per pool slot: test files on one slot run one after another). */
const workerName = () => `portico_worker_${process.env.VITEST_POOL_ID ?? "1"}`;

/** Whether the running test already holds the worker's database. */
let taken = false;

/**
 * The URL of the vitest worker's own migrated database, emptied for the test (every table a
 * test wrote, its identities restarted), so a test never sees another's rows. Workers run in
 * parallel, each on its own database. A test takes it once: a second app in the same test
 * (another instance beside the first) gets a migrated database of its own, as `freshDatabase`.
 */
export async function workerDatabase(): Promise<string | undefined> {
	if (taken) return undefined;
	taken = true;
	onTestFinished(() => {
		taken = false;
	});
	const name = workerName();
	const url = postgresAdminUrl().replace(/\/postgres$/, `/${name}`);
	if (!(await emptied(url))) await copyTemplate(name);
	return url;
}

/** Empties the worker's database; false when it is missing or its schema is no longer the template's. */
async function emptied(url: string): Promise<boolean> {
	const client = new pg.Client({ connectionString: url });
	try {
		await client.connect();
	} catch (error) {
		if ((error as { code?: string }).code === "3D000") return false; // no such database yet
		throw error;
	}
	try {
		// An app of an earlier test still open would hold its locks: start again rather than wait.
		const results = (await client.query(
			`set lock_timeout = '5s'; set session_replication_role = replica; ${EMPTY_WRITTEN_TABLES}; ${SCHEMA_FINGERPRINT}`,
		)) as unknown as pg.QueryResult<{ fingerprint: string }>[];
		return results.at(-1)?.rows[0]?.fingerprint === templateFingerprint();
	} catch {
		return false;
	} finally {
		await client.end().catch(() => undefined);
	}
}

async function copyTemplate(name: string): Promise<void> {
	const provided = inject("postgres");
	if ("error" in provided || !provided.template) throw new Error("no migrated template to copy");
	await onCluster(`drop database if exists ${name} with (force)`);
	await onCluster(`create database ${name} template ${provided.template}`);
}

function templateFingerprint(): string | undefined {
	const provided = inject("postgres");
	return "error" in provided ? undefined : provided.templateFingerprint;
}
