import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Db } from "../../server/db/client.ts";
import { type AuditAction, auditActions } from "../../shared/schemas/audit.ts";

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

/** Every row of the audit table, every column as SQLite stores it. */
export const rawAuditRows = (db: Db): Record<string, unknown>[] =>
	db.$client.prepare("SELECT * FROM audit_events ORDER BY id").all() as Record<string, unknown>[];

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
export function storedSecrets(db: Db): { label: string; value: string }[] {
	const tables = db.$client
		.prepare(
			"SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%'",
		)
		.all() as { name: string }[];
	return tables.flatMap(({ name: table }) => {
		if (table === "audit_events") return [];
		const columns = (db.$client.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[])
			.map((column) => column.name)
			.filter((column) => SECRET_COLUMN.test(column) && !NOT_SECRET.test(column));
		return columns.flatMap((column) =>
			(db.$client.prepare(`SELECT "${column}" AS value FROM "${table}"`).all() as { value: unknown }[]).flatMap(
				({ value }) => encodings(value).map((text) => ({ label: `${table}.${column}`, value: text })),
			),
		);
	});
}
