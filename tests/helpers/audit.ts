import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Db } from "../../server/db/client.ts";
import { postgresConnectionOf } from "../../server/db/postgres.ts";
import { type AuditAction, auditActions } from "../../shared/schemas/audit.ts";
import { columnNames, rawAll, rawRun, tableNames } from "./raw-sql.ts";

const serverDir = fileURLToPath(new URL("../../server/", import.meta.url));

function sourcesUnder(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return entry.name === "dist" ? [] : sourcesUnder(path);
		return entry.name.endsWith(".ts") ? [path] : [];
	});
}

/**
 * The actions of the vocabulary that the server's code can write: those it names in a
 * string literal. Tests that must cover every written action compare against this, so a
 * new `recordAudit` call fails them until they cover it too.
 */
export function actionsTheCodeWrites(): AuditAction[] {
	const code = sourcesUnder(serverDir)
		.map((path) => readFileSync(path, "utf8"))
		.join("\n");
	return auditActions.filter((action) => code.includes(`"${action}"`));
}

/** Every row of the audit table, every column as the engine stores it. */
export const rawAuditRows = (db: Db): Promise<Record<string, unknown>[]> =>
	rawAll(db, "SELECT * FROM audit_events ORDER BY id");

/** A stored value as text, and a binary one in each way it could be written out. */
function encodings(value: unknown): string[] {
	if (typeof value === "string") return value.length >= 8 ? [value] : [];
	if (value instanceof Uint8Array) {
		const bytes = Buffer.from(value);
		return [bytes.toString("hex"), bytes.toString("base64"), bytes.toString("base64url")];
	}
	return [];
}

const SECRET_COLUMN = /hash|secret|token|code|key|challenge/i;
const NOT_SECRET = /_at$|^id$|_id$/;

/**
 * Every value the database holds in a column named like a secret (hashes of passwords,
 * tokens and codes, two-factor secrets, challenges), in any table, today's and those
 * added later.
 */
export async function storedSecrets(db: Db): Promise<{ label: string; value: string }[]> {
	const found: { label: string; value: string }[] = [];
	for (const table of await tableNames(db)) {
		if (table === "audit_events") continue;
		const columns = (await columnNames(db, table)).filter(
			(column) => SECRET_COLUMN.test(column) && !NOT_SECRET.test(column),
		);
		for (const column of columns)
			for (const { value } of await rawAll<{ value: unknown }>(db, `SELECT "${column}" AS value FROM "${table}"`))
				found.push(...encodings(value).map((text) => ({ label: `${table}.${column}`, value: text })));
	}
	return found;
}

/**
 * Makes the audit table refuse every new row (a trigger, SQLite's or PL/pgSQL's, that
 * raises), as a full disk or a broken audit store would; returns what lifts it.
 */
export async function refuseAuditRows(db: Db): Promise<() => Promise<void>> {
	if (postgresConnectionOf(db)) {
		await rawRun(
			db,
			"CREATE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit log unavailable'; END $$",
		);
		await rawRun(
			db,
			"CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION refuse_audit()",
		);
		return async () => {
			await rawRun(db, "DROP TRIGGER refuse_audit ON audit_events");
			await rawRun(db, "DROP FUNCTION refuse_audit()");
		};
	}
	await rawRun(
		db,
		"CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_events BEGIN SELECT RAISE(ABORT, 'audit log unavailable'); END",
	);
	return async () => {
		await rawRun(db, "DROP TRIGGER refuse_audit");
	};
}
