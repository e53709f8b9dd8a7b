import { chmodSync, constants, copyFileSync, existsSync, mkdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { getTableColumns, gt, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { assertDatabaseNotInUse, BackupError, checkPorticoDatabase } from "./backup.ts";
import { type Db, migrateDatabase, openDatabase } from "./client.ts";
import { closeDatabase } from "./database.ts";
import type { PgDb } from "./postgres.ts";
import * as pgs from "./schema.pg.ts";
import * as lite from "./schema.sqlite.ts";
import { atomically } from "./transaction.ts";

/**
 * Every table, parents before children (each references only tables above it), as the pair
 * of its two schemas (docs/decisions/031: identical row types), each dialect's own module,
 * whatever dialect server/db/schema.ts has bound the services' tables to. `id` marks SQLite's
 * AUTOINCREMENT ids, identity columns on PostgreSQL whose sequence must go past the copy.
 * Not the tables the triggers keep (server/db/derived-tables.ts): those count the rows as they come in.
 */
export const COPY_ORDER: Array<{ name: string; sqlite: SQLiteTable; postgres: PgTable; id?: true }> = [
	{ name: "users", sqlite: lite.users, postgres: pgs.users },
	{ name: "sessions", sqlite: lite.sessions, postgres: pgs.sessions },
	{ name: "profiles", sqlite: lite.profiles, postgres: pgs.profiles },
	{ name: "media", sqlite: lite.media, postgres: pgs.media },
	{ name: "reset_tokens", sqlite: lite.resetTokens, postgres: pgs.resetTokens },
	{ name: "login_throttle", sqlite: lite.loginThrottle, postgres: pgs.loginThrottle },
	{ name: "proof_failures", sqlite: lite.proofFailures, postgres: pgs.proofFailures },
	{ name: "rate_buckets", sqlite: lite.rateBuckets, postgres: pgs.rateBuckets },
	{ name: "audit_events", sqlite: lite.auditEvents, postgres: pgs.auditEvents, id: true },
	{ name: "account_tokens", sqlite: lite.accountTokens, postgres: pgs.accountTokens },
	{ name: "recovery_codes", sqlite: lite.recoveryCodes, postgres: pgs.recoveryCodes, id: true },
	{ name: "mfa_tokens", sqlite: lite.mfaTokens, postgres: pgs.mfaTokens },
	{ name: "passkeys", sqlite: lite.passkeys, postgres: pgs.passkeys },
	{ name: "webauthn_challenges", sqlite: lite.webauthnChallenges, postgres: pgs.webauthnChallenges },
	{ name: "api_tokens", sqlite: lite.apiTokens, postgres: pgs.apiTokens },
	{ name: "user_identities", sqlite: lite.userIdentities, postgres: pgs.userIdentities },
	{ name: "oidc_flows", sqlite: lite.oidcFlows, postgres: pgs.oidcFlows },
	{ name: "oidc_handoffs", sqlite: lite.oidcHandoffs, postgres: pgs.oidcHandoffs },
];

/** Rows read and written per statement: 13 columns at most, far below PostgreSQL's 65,535 parameters. */
const BATCH = 500;

export type MigrateDataResult = {
	counts: Array<{ table: string; rows: number }>;
	media: { copied: number; alreadyThere: number; missing: string[] };
};

type Row = Record<string, unknown>;

/**
 * Copies a SQLite database into an EMPTY PostgreSQL one (migrations-pg applied): every
 * table in one transaction, rows in SQLite's rowid order (so migrations-pg/0002's hidden
 * `rowid` keeps the insertion order), identity sequences set past the copied ids, row
 * counts compared before COMMIT. Media files named by the rows are copied from `mediaFrom`
 * to `mediaTo` first (left in place when both are the same folder).
 */
export async function migrateData(
	target: PgDb,
	source: { databasePath: string; mediaFrom: string; mediaTo: string },
): Promise<MigrateDataResult> {
	await checkPorticoDatabase(source.databasePath);
	assertDatabaseNotInUse(source.databasePath);
	const sqlite = openDatabase(source.databasePath);
	try {
		// The source at the current schema first, as a server start would bring it.
		await migrateDatabase(sqlite);
		await refuseUnlessEmpty(target);
		const media = copyMedia(await mediaIds(sqlite), source.mediaFrom, source.mediaTo);
		const counts = await atomically({ db: target }, async ({ db }) => {
			await refuseUnlessEmpty(db);
			const copied: MigrateDataResult["counts"] = [];
			for (const table of COPY_ORDER) copied.push({ table: table.name, rows: await copyTable(sqlite, db, table) });
			return copied;
		});
		return { counts, media };
	} finally {
		await closeDatabase(sqlite);
	}
}

/** Refused, naming the tables, unless every table is empty: a copy never merges into live data. */
async function refuseUnlessEmpty(db: PgDb): Promise<void> {
	const filled: string[] = [];
	for (const { name } of COPY_ORDER) {
		const { rows } = await db.execute(sql`select exists (select 1 from ${sql.identifier(name)}) as filled`);
		if (rows[0]?.filled) filled.push(name);
	}
	if (filled.length > 0)
		throw new BackupError(
			`The PostgreSQL database is not empty (rows in ${filled.join(", ")}): migrate-data copies only into an empty database; nothing was changed.`,
		);
}

async function copyTable(sqlite: Db, db: PgDb, table: (typeof COPY_ORDER)[number]): Promise<number> {
	const columns = getTableColumns(table.sqlite);
	const rowid = sql<number>`rowid`;
	let last = Number.NEGATIVE_INFINITY;
	let copied = 0;
	for (;;) {
		const batch = (await sqlite
			.select({ ...columns, rowid })
			.from(table.sqlite)
			.where(gt(rowid, last))
			.orderBy(rowid)
			.limit(BATCH)) as Array<Row & { rowid: number }>;
		if (batch.length === 0) break;
		last = batch.at(-1)?.rowid as number;
		const rows = batch.map(({ rowid: _, ...row }) => row);
		await db.insert(table.postgres).values(rows as never);
		copied += rows.length;
	}
	if (table.id) await moveSequencePast(sqlite, db, table.name);
	const sqliteRows = await sqlite.$count(table.sqlite);
	const postgresRows = await db.$count(table.postgres);
	if (sqliteRows !== copied || postgresRows !== copied)
		throw new BackupError(
			`${table.name}: ${sqliteRows} rows in SQLite, ${copied} copied, ${postgresRows} in PostgreSQL; nothing was changed.`,
		);
	return copied;
}

/**
 * The identity sequence past every id SQLite ever gave (its sqlite_sequence, which also
 * remembers deleted ids at the end): AUTOINCREMENT ids never come back, on PostgreSQL either.
 */
async function moveSequencePast(sqlite: Db, db: PgDb, name: string): Promise<void> {
	const { highest } = sqlite.$client
		.prepare(
			`select max(coalesce((select seq from sqlite_sequence where name = ?), 0), coalesce((select max(id) from "${name}"), 0)) as highest`,
		)
		.get(name) as { highest: number };
	if (highest > 0) await db.execute(sql`select setval(pg_get_serial_sequence(${name}, 'id'), ${highest})`);
}

async function mediaIds(sqlite: Db): Promise<string[]> {
	return (await sqlite.select({ id: lite.media.id }).from(lite.media)).map((row) => row.id);
}

/** Each file copied owner-only, never over another file (one of the same size is taken as already copied). */
function copyMedia(ids: string[], from: string, to: string): MigrateDataResult["media"] {
	const result: MigrateDataResult["media"] = { copied: 0, alreadyThere: 0, missing: [] };
	const samePlace = resolve(from) === resolve(to);
	if (!samePlace && ids.length > 0) mkdirSync(to, { recursive: true, mode: 0o700 });
	for (const id of ids) {
		const source = join(from, id);
		if (!existsSync(source)) {
			result.missing.push(id);
			continue;
		}
		if (samePlace) {
			result.alreadyThere++;
			continue;
		}
		const target = join(to, id);
		if (existsSync(target)) {
			if (statSync(target).size !== statSync(source).size)
				throw new BackupError(`${target} exists and differs from ${source}; nothing was changed in PostgreSQL.`);
			result.alreadyThere++;
			continue;
		}
		copyFileSync(source, target, constants.COPYFILE_EXCL);
		chmodSync(target, 0o600);
		result.copied++;
	}
	return result;
}
