import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../server/config.ts";
import { configError } from "../../helpers/config.ts";

describe("loadConfig", () => {
	it("works with nothing set, with the contract's defaults", () => {
		const config = loadConfig({});
		expect(config).toMatchObject({
			port: 3000,
			host: "127.0.0.1",
			dataDir: resolve("./data"),
			databasePath: resolve("./data/app.db"),
			publicUrl: "http://localhost:3000",
			firstSuperuser: { email: "admin@example.com", password: undefined },
			signupEnabled: true,
			smtp: undefined,
			accessTokenTtlMs: 15 * 60_000,
			refreshTokenTtlMs: 30 * 86_400_000,
			resetTokenTtlMs: 60 * 60_000,
			trustProxy: false,
			logLevel: "info",
		});
	});

	it("derives PUBLIC_URL and the database path from PORT and DATA_DIR; an empty variable counts as unset", () => {
		const config = loadConfig({ PORT: "4123", DATA_DIR: "/tmp/x", PUBLIC_URL: "", DATABASE_PATH: "" });
		expect(config.publicUrl).toBe("http://localhost:4123");
		expect(config.databasePath).toBe("/tmp/x/app.db");
		expect(loadConfig({ DATABASE_PATH: ":memory:" }).databasePath).toBe(":memory:");
	});

	it("reads durations, flags and proxy hops", () => {
		const config = loadConfig({
			ACCESS_TOKEN_TTL: "90s",
			REFRESH_TOKEN_TTL: "7d",
			RESET_TOKEN_TTL: "3600",
			SIGNUP_ENABLED: "false",
			TRUST_PROXY: "2",
			PUBLIC_URL: "https://portico.example.com/",
			FIRST_SUPERUSER_EMAIL: "Root@Example.com",
		});
		expect(config).toMatchObject({
			accessTokenTtlMs: 90_000,
			refreshTokenTtlMs: 7 * 86_400_000,
			resetTokenTtlMs: 3_600_000,
			signupEnabled: false,
			trustProxy: 2,
			publicUrl: "https://portico.example.com",
			firstSuperuser: { email: "root@example.com" },
		});
	});

	it.each([
		["PORT", "abc"],
		["PORT", "70000"],
		["PUBLIC_URL", "not a url"],
		["PUBLIC_URL", "ftp://files.example.com"],
		["PUBLIC_URL", "javascript:alert(1)"],
		["ACCESS_TOKEN_TTL", "soon"],
		["ACCESS_TOKEN_TTL", "0"],
		["REFRESH_TOKEN_TTL", "-5m"],
		["FIRST_SUPERUSER_PASSWORD", "short"],
		["FIRST_SUPERUSER_EMAIL", "root"],
		["SIGNUP_ENABLED", "maybe"],
		["TRUST_PROXY", "yes"],
		["LOG_LEVEL", "loud"],
		["SMTP_PORT", "x"],
		["DATABASE_URL", "mysql://db.example.com/portico"],
		["DATABASE_URL", "postgres://"],
		["DATABASE_URL", "postgres://db.example.com"],
		["DATABASE_URL", "not a url"],
		["DATABASE_POOL_SIZE", "0"],
		["DATABASE_POOL_SIZE", "many"],
	])("a bad %s (%s) throws a ConfigError naming it", (name, value) => {
		const error = configError({ [name]: value });
		expect(error.message).toContain(name);
	});

	it("names every bad variable at once", () => {
		const error = configError({ PORT: "abc", FIRST_SUPERUSER_PASSWORD: "short" });
		expect(error.message).toContain("PORT");
		expect(error.message).toContain("FIRST_SUPERUSER_PASSWORD");
		expect(error.message).toContain("at least 8 characters");
	});

	it("DATABASE_URL selects the engine: unset or file: is SQLite at DATABASE_PATH, postgres:// is PostgreSQL", () => {
		expect(loadConfig({ DATABASE_PATH: ":memory:" })).toMatchObject({ databasePath: ":memory:", postgres: undefined });
		expect(loadConfig({ DATABASE_URL: "file:", DATABASE_PATH: "/srv/a.db" })).toMatchObject({
			databasePath: "/srv/a.db",
			postgres: undefined,
		});
		expect(loadConfig({ DATABASE_URL: "file:///srv/b.db" }).databasePath).toBe("/srv/b.db");
		for (const url of ["postgres://portico:secret@db.example.com:5432/portico", "postgresql://db/portico"])
			expect(loadConfig({ DATABASE_URL: url, DATABASE_POOL_SIZE: "4" }).postgres).toEqual({ url, poolSize: 4 });
		expect(loadConfig({ DATABASE_URL: "postgres://db/portico" }).postgres?.poolSize).toBe(10);
	});

	it("refuses a SQLite file named twice, by DATABASE_URL and DATABASE_PATH", () => {
		expect(configError({ DATABASE_URL: "file:/srv/a.db", DATABASE_PATH: "/srv/b.db" }).message).toMatch(
			/DATABASE_URL.*DATABASE_PATH/,
		);
	});
});
