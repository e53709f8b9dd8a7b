import { AsyncLocalStorage } from "node:async_hooks";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import {
	BaseSQLiteDatabase,
	SQLiteDeleteBase,
	SQLiteInsertBuilder,
	SQLiteUpdateBuilder,
} from "drizzle-orm/sqlite-core";
import ts from "typescript";
import type { Db } from "../../server/db/client.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
const serverDir = join(root, "server");

/** A statement of the server's code that writes a table: where it is, and the lines it spans. */
export type WriteSite = { table: string; file: string; firstLine: number; lastLine: number };

export const siteName = (site: WriteSite) => `${site.file}:${site.firstLine} (${site.table})`;

function sourcesUnder(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return entry.name === "dist" ? [] : sourcesUnder(path);
		return entry.name.endsWith(".ts") ? [path] : [];
	});
}

const RAW_WRITE = (table: string) =>
	new RegExp(`\\b(insert\\s+(or\\s+\\w+\\s+)?into|update|delete\\s+from|replace\\s+into)\\s+[\`"']?${table}\\b`, "i");

/**
 * Every statement under server/ that writes one of `tables`: a Drizzle `.insert(t)`,
 * `.update(t)` or `.delete(t)` naming the table's schema object, or SQL text that
 * inserts into, updates or deletes from it. Found by reading the code, so a write added
 * later is in the list without anyone adding it.
 */
export function writeSitesOf(tables: string[]): WriteSite[] {
	const sites: WriteSite[] = [];
	const camel = (table: string) => table.replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase());
	const tableNamed = (identifier: string) => tables.find((table) => camel(table) === identifier);
	for (const path of sourcesUnder(serverDir)) {
		const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true);
		const file = relative(root, path);
		const add = (table: string, node: ts.Node) => {
			let statement: ts.Node = node;
			while (statement.parent && !isStatement(statement)) statement = statement.parent;
			const line = (pos: number) => source.getLineAndCharacterOfPosition(pos).line + 1;
			const site = { table, file, firstLine: line(statement.getStart()), lastLine: line(statement.getEnd()) };
			if (!sites.some((s) => s.file === file && s.firstLine === site.firstLine && s.table === table)) sites.push(site);
		};
		const visit = (node: ts.Node) => {
			if (
				ts.isCallExpression(node) &&
				ts.isPropertyAccessExpression(node.expression) &&
				["insert", "update", "delete"].includes(node.expression.name.text)
			) {
				const [argument] = node.arguments;
				// The schema object of `api_tokens` is `apiTokens`.
				const table = argument && ts.isIdentifier(argument) ? tableNamed(argument.text) : undefined;
				if (table !== undefined) add(table, node);
			}
			if (ts.isStringLiteralLike(node) || ts.isTemplateExpression(node)) {
				const text = node.getText(source);
				for (const table of tables) if (RAW_WRITE(table).test(text)) add(table, node);
			}
			ts.forEachChild(node, visit);
		};
		visit(source);
	}
	return sites;
}

function isStatement(node: ts.Node): boolean {
	return (
		ts.isExpressionStatement(node) ||
		ts.isVariableStatement(node) ||
		ts.isReturnStatement(node) ||
		ts.isIfStatement(node) ||
		ts.isThrowStatement(node) ||
		ts.isForOfStatement(node) ||
		ts.isForStatement(node)
	);
}

/** A server source line a write ran from: the innermost frame of the stack in server/. */
type Origin = { file: string; line: number };

/**
 * The stack of the code that built the statement now running. Statements are awaited, so
 * when one runs (a microtask later) the stack no longer shows the service line that built
 * it: the builders remember it, and their execution carries it along.
 */
const builtAt = new AsyncLocalStorage<string>();
const BUILT_AT = Symbol("builtAt");
type Remembering = Record<string, (...args: unknown[]) => unknown>;
let drizzlePatched = false;

function rememberWhereStatementsAreBuilt() {
	if (drizzlePatched) return;
	drizzlePatched = true;
	const remember = (prototype: object, method: string) => {
		const original = (prototype as Remembering)[method] as (...args: unknown[]) => object;
		(prototype as Remembering)[method] = function (this: unknown, ...args: unknown[]) {
			const built = original.apply(this, args) as Record<symbol, string>;
			built[BUILT_AT] = new Error().stack ?? "";
			return built;
		};
	};
	remember(SQLiteInsertBuilder.prototype, "values");
	remember(SQLiteUpdateBuilder.prototype, "set");
	remember(BaseSQLiteDatabase.prototype, "delete");
	const queryPromise = Object.getPrototypeOf(SQLiteDeleteBase.prototype) as Remembering;
	const then = queryPromise.then as (...args: unknown[]) => unknown;
	// biome-ignore lint/suspicious/noThenProperty: Drizzle's own then, wrapped (tests only) to carry where the statement was built
	queryPromise.then = function (this: Record<symbol, string>, ...args: unknown[]) {
		const stack = this[BUILT_AT];
		return stack ? builtAt.run(stack, () => then.apply(this, args)) : then.apply(this, args);
	};
	const run = (BaseSQLiteDatabase.prototype as unknown as Remembering).run as (...args: unknown[]) => unknown;
	(BaseSQLiteDatabase.prototype as unknown as Remembering).run = function (this: unknown, ...args: unknown[]) {
		return builtAt.run(new Error().stack ?? "", () => run.apply(this, args));
	};
}

/**
 * Records, while `recording` is on, the server code line behind every row `tables` get
 * written on this connection (temporary triggers, like the app's own watch), as the
 * stack of the code that built the statement shows it.
 */
export function recordWrites(db: Db, tables: string[]) {
	rememberWhereStatementsAreBuilt();
	const origins: Origin[] = [];
	let recording = false;
	db.$client.function("test_record_write", () => {
		if (!recording) return null;
		for (const frame of (builtAt.getStore() ?? new Error().stack)?.split("\n") ?? []) {
			const match = /\((?:file:\/\/)?(\/[^)]+):(\d+):\d+\)$|at (?:file:\/\/)?(\/\S+):(\d+):\d+$/.exec(frame.trim());
			const path = match?.[1] ?? match?.[3];
			const line = match?.[2] ?? match?.[4];
			if (!path || !line || path.includes("node_modules")) continue;
			const file = relative(root, path);
			if (!file.startsWith("server/")) continue;
			origins.push({ file, line: Number(line) });
			break;
		}
		return null;
	});
	const triggers = tables.flatMap((table) =>
		["INSERT", "UPDATE", "DELETE"].map(
			(event) =>
				`CREATE TEMP TRIGGER test_record_${table}_${event.toLowerCase()} AFTER ${event} ON main.${table} BEGIN SELECT test_record_write(); END;`,
		),
	);
	db.$client.exec(triggers.join("\n"));
	return {
		/** Runs `work` with recording on. */
		async during<T>(work: () => Promise<T>): Promise<T> {
			recording = true;
			try {
				return await work();
			} finally {
				recording = false;
			}
		},
		/** The sites (of `sites`) some recorded write ran from. */
		reached: (sites: WriteSite[]) =>
			sites.filter((site) =>
				origins.some((o) => o.file === site.file && o.line >= site.firstLine && o.line <= site.lastLine),
			),
	};
}
