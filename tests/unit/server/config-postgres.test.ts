import { describe, expect, it } from "vitest";
import { ConfigError, checkServerConfig, hostLocalState, loadConfig } from "../../../server/config.ts";

// On PostgreSQL several instances may share the database (issue 24): the server refuses to
// start without SECRET_KEY and says what stays on this host's disk.

const POSTGRES = { DATA_DIR: "/tmp/portico-config-test", DATABASE_URL: "postgres://portico@127.0.0.1:5432/portico" };
const KEY = "ab".repeat(32);

describe("the server's start-up checks on PostgreSQL", () => {
	it("refuses to start without SECRET_KEY, naming the variable", () => {
		const refused = (() => {
			try {
				checkServerConfig(loadConfig(POSTGRES));
			} catch (error) {
				return error;
			}
		})();
		expect(refused).toBeInstanceOf(ConfigError);
		expect((refused as ConfigError).message).toMatch(
			/^Invalid configuration:\n {2}SECRET_KEY: is required with a PostgreSQL DATABASE_URL/,
		);
	});

	it("starts with SECRET_KEY on PostgreSQL, and without it on SQLite (a key file on its one host)", () => {
		expect(() => checkServerConfig(loadConfig({ ...POSTGRES, SECRET_KEY: KEY }))).not.toThrow();
		expect(() => checkServerConfig(loadConfig({ DATA_DIR: POSTGRES.DATA_DIR }))).not.toThrow();
	});

	it("names media on the host's disk and the mail outbox as what a second instance would not see", () => {
		const withKey = { ...POSTGRES, SECRET_KEY: KEY };
		expect(hostLocalState(loadConfig(withKey))).toEqual(["media_on_host_disk", "mail_outbox_on_host_disk"]);
		expect(hostLocalState(loadConfig({ ...withKey, SMTP_HOST: "smtp.example.com" }))).toEqual(["media_on_host_disk"]);
		const s3 = { MEDIA_URL: "s3://bucket/media", S3_ACCESS_KEY_ID: "AKIAEXAMPLE", S3_SECRET_ACCESS_KEY: "secret" };
		expect(hostLocalState(loadConfig({ ...withKey, ...s3 }))).toEqual(["mail_outbox_on_host_disk"]);
		expect(hostLocalState(loadConfig({ ...withKey, ...s3, SMTP_HOST: "smtp.example.com" }))).toEqual([]);
		// SQLite: one host, nothing to warn about.
		expect(hostLocalState(loadConfig({ DATA_DIR: POSTGRES.DATA_DIR }))).toEqual([]);
	});
});
