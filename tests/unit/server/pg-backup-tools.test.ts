import { chmodSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { getTableConfig as pgTableConfig } from "drizzle-orm/pg-core";
import { getTableConfig as sqliteTableConfig } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { BackupError } from "../../../server/db/backup.ts";
import { DERIVED_TABLES, isDerivedTable } from "../../../server/db/derived-tables.ts";
import { COPY_ORDER } from "../../../server/db/migrate-data.ts";
import { postgresTool, splitPassword } from "../../../server/db/pg-backup.ts";
import * as pgs from "../../../server/db/schema.pg.ts";
import { ROOT, tempDir } from "../../helpers/process.ts";

const executable = (path: string) => {
	writeFileSync(path, "#!/bin/sh\n");
	chmodSync(path, 0o755);
};

describe("the PostgreSQL tools backup and restore run", () => {
	it("are found on PATH first, then in the newest /usr/lib/postgresql/<version>/bin", () => {
		const onPath = tempDir();
		const root = tempDir();
		for (const version of ["9", "15", "17"]) mkdirSync(join(root, version, "bin"), { recursive: true });
		executable(join(root, "9", "bin", "pg_dump"));
		executable(join(root, "15", "bin", "pg_dump"));
		expect(postgresTool("pg_dump", onPath, root)).toBe(join(root, "15", "bin", "pg_dump"));
		executable(join(onPath, "pg_dump"));
		expect(postgresTool("pg_dump", `/nowhere:${onPath}`, root)).toBe(join(onPath, "pg_dump"));
	});

	it("missing, the error names the package to install", () => {
		const empty = tempDir();
		expect(() => postgresTool("pg_restore", empty, join(empty, "none"))).toThrow(BackupError);
		expect(() => postgresTool("pg_restore", empty, join(empty, "none"))).toThrow(
			/pg_restore was not found .*postgresql-client/,
		);
	});

	it("take the URL without its password, which goes to PGPASSWORD decoded", () => {
		expect(splitPassword("postgres://app:p%40ss%2Fword@db.example:5432/portico?sslmode=require")).toEqual({
			url: "postgres://app@db.example:5432/portico?sslmode=require",
			password: "p@ss/word",
		});
		expect(splitPassword("postgres://app@db.example/portico")).toEqual({
			url: "postgres://app@db.example/portico",
			password: undefined,
		});
	});
});

describe("migrate-data's table order", () => {
	it("holds every table but the derived once, each after the tables its foreign keys reference, in both schemas", () => {
		const names = COPY_ORDER.map((table) => table.name);
		expect(new Set(names).size).toBe(names.length);
		expect([...names].sort()).toEqual(
			Object.values(pgs.schema)
				.map((table) => pgTableConfig(table).name)
				.filter((name) => !isDerivedTable(name))
				.sort(),
		);
		for (const [position, table] of COPY_ORDER.entries()) {
			expect(sqliteTableConfig(table.sqlite).name).toBe(table.name);
			expect(pgTableConfig(table.postgres).name).toBe(table.name);
			for (const key of pgTableConfig(table.postgres).foreignKeys) {
				const parent = pgTableConfig(key.reference().foreignTable).name;
				expect(names.indexOf(parent), `${table.name} -> ${parent}`).toBeLessThan(position);
			}
		}
	});
});

describe("the tables the triggers keep", () => {
	it("are filled by the very statement their PostgreSQL migration fills them with", () => {
		const folder = join(ROOT, "migrations-pg");
		const migrations = readdirSync(folder)
			.filter((name) => name.endsWith(".sql"))
			.map((name) => readFileSync(join(folder, name), "utf8"))
			.join("\n");
		for (const table of DERIVED_TABLES) expect(migrations, table.name).toContain(`${table.fill};`);
	});
});
