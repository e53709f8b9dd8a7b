import { join, resolve } from "node:path";
import { z } from "zod";
import { email, password } from "../../shared/schemas/fields.ts";
import { messageText } from "../../shared/schemas/messages.ts";
import type { Config } from "../config.ts";
import { prepareDataDir } from "../data-dir.ts";
import { backupDatabase, restoreDatabase } from "../db/backup.ts";
import { type Db, migrateDatabase, openDatabase } from "../db/client.ts";
import { closeDatabase, migrate, openConfiguredDatabase, servicesDb } from "../db/database.ts";
import { migrateData } from "../db/migrate-data.ts";
import { backupPostgres, restorePostgres } from "../db/pg-backup.ts";
import type { PgDb } from "../db/postgres.ts";
import { whileNoInstanceRuns } from "../db/running-lock.ts";
import { DomainError } from "../domain/errors.ts";
import { randomPassword } from "../lib/passwords.ts";
import { readSecretKey, secretKeyPath } from "../lib/secret-key.ts";
import { createSuperuserAccount } from "../services/admin/first-superuser.ts";
import { setPasswordAsOperator } from "../services/admin/operator.ts";
import { createServiceDeps, type ServiceDeps } from "../services/deps.ts";
import { checkSecretKey, hasTwoFactor, hasTwoFactorSecrets, resetTwoFactor } from "../services/factors/two-factor.ts";
import { findUserByEmail } from "../services/users/records.ts";
import { CliFailure, UsageError } from "./usage.ts";

export type Io = { out: (line: string) => void; err: (line: string) => void };
export type Args = {
	values: { email?: string; password?: string; from?: string; "media-from"?: string };
	positionals: string[];
};

const accountSchema = z.object({ email: email(), password: password().optional() });

/** The e-mail and password options, checked with the same rules as the API. */
function accountArgs(args: Args): { email: string; password?: string } {
	if (args.values.from !== undefined || args.values["media-from"] !== undefined)
		throw new UsageError("--from and --media-from belong to migrate-data");
	if (args.positionals.length > 0) throw new UsageError(`unexpected argument: ${args.positionals[0]}`);
	if (args.values.email === undefined) throw new UsageError("--email is required");
	const parsed = accountSchema.safeParse(args.values);
	if (!parsed.success) {
		const issue = parsed.error.issues[0];
		throw new UsageError(`--${String(issue?.path[0])}: ${messageText(issue?.message ?? "")}`);
	}
	return parsed.data;
}

function fileArg(args: Args): string {
	if (Object.values(args.values).some((value) => value !== undefined))
		throw new UsageError("this command takes only a file name");
	const [file, extra] = args.positionals;
	if (file === undefined || file === "") throw new UsageError("a file name is required");
	if (extra !== undefined) throw new UsageError(`unexpected argument: ${extra}`);
	return resolve(file);
}

/** DATA_DIR created and made owner-only; what cannot be tightened is said on stderr. */
function prepareData(config: Config, io: Io): void {
	for (const path of prepareDataDir(config)) io.err(`Warning: could not make ${path} owner-only; check its owner`);
}

/** Opens the configured database with migrations applied, runs `work`, closes it. */
async function withDeps<T>(config: Config, io: Io, work: (deps: ServiceDeps) => Promise<T>): Promise<T> {
	prepareData(config, io);
	const db = openConfiguredDatabase(config);
	try {
		await migrate(db);
		const say = (obj: object | string, msg?: string) =>
			io.err(msg ?? (typeof obj === "string" ? obj : JSON.stringify(obj)));
		const log = { info: () => {}, warn: say, error: say };
		return await work(createServiceDeps({ config, db: servicesDb(db), log }));
	} finally {
		await closeDatabase(db);
	}
}

export async function createSuperuser(config: Config, args: Args, io: Io): Promise<void> {
	const account = accountArgs(args);
	const chosen = account.password ?? randomPassword();
	await withDeps(config, io, async (deps) => {
		try {
			await createSuperuserAccount(deps, { email: account.email, password: chosen }, "operator");
		} catch (error) {
			if (error instanceof DomainError && error.reason === "CREATE_EMAIL_TAKEN")
				throw new CliFailure(`A user with the e-mail ${account.email} already exists; nothing was changed.`);
			throw error;
		}
	});
	io.out(`Superuser created: ${account.email}`);
	if (account.password === undefined) io.out(`Password (shown only now): ${chosen}`);
}

export async function resetPassword(config: Config, args: Args, io: Io): Promise<void> {
	const account = accountArgs(args);
	const chosen = account.password ?? randomPassword();
	await withDeps(config, io, async (deps) => {
		try {
			await setPasswordAsOperator(deps, account.email, chosen);
		} catch (error) {
			if (error instanceof DomainError && error.reason === "USER_EMAIL_NOT_FOUND")
				throw new CliFailure(`No user has the e-mail ${account.email}; nothing was changed.`);
			throw error;
		}
	});
	io.out(`Password reset for ${account.email}; all of their sessions and reset links were ended.`);
	if (account.password === undefined) io.out(`New password (shown only now): ${chosen}`);
}

/** Where the key of the encrypted two-factor secrets comes from, in words for the operator. */
const keySource = (config: Config) =>
	config.secretKey ? "the SECRET_KEY variable" : `the file ${secretKeyPath(config.dataDir)}`;

export async function backup(config: Config, args: Args, io: Io): Promise<void> {
	const file = fileArg(args);
	const result = config.postgres
		? await backupPostgres(config.postgres.url, file)
		: await backupDatabase(config.databasePath, file);
	io.out(`Backup written: ${result.path} (${result.bytes} bytes)`);
	io.out(
		`Keep the encryption key with this backup, as safely: the two-factor secrets in it are encrypted with ${keySource(config)}. Without that key, users with two-factor can sign in after a restore only with a recovery code.`,
	);
}

export async function restore(config: Config, args: Args, io: Io): Promise<void> {
	const file = fileArg(args);
	if (config.postgres) return restoreOnPostgres(config, config.postgres.url, file, io);
	await restoreDatabase(file, config.databasePath);
	prepareData(config, io);
	const db = openDatabase(config.databasePath);
	try {
		await migrateDatabase(db);
		io.out(`Restored ${file} into ${config.databasePath}; migrations applied.`);
		await warnAboutSecretKey(config, db, io);
	} finally {
		await closeDatabase(db);
	}
}

/**
 * pg_restore into the configured database, then its migrations (a backup from an older
 * release). The services do not run on PostgreSQL yet, so the key is not checked here: said.
 */
async function restoreOnPostgres(config: Config, url: string, file: string, io: Io): Promise<void> {
	// The migrations too under the lock: a server starting meanwhile waits for both.
	await whileNoInstanceRuns(url, "restoring", async () => {
		await restorePostgres(url, file);
		const db = openConfiguredDatabase(config);
		try {
			await migrate(db);
		} finally {
			await closeDatabase(db);
		}
	});
	io.out(`Restored ${file} into the PostgreSQL database of DATABASE_URL; migrations applied.`);
	io.out(
		`The two-factor secrets in it open only with the key used when the backup was made; this server uses ${keySource(config)}.`,
	);
}

/**
 * An existing SQLite database (DATABASE_PATH, or --from) and its media (DATA_DIR/media, or
 * --media-from) into the empty PostgreSQL database of DATABASE_URL.
 */
export async function migrateDataCommand(config: Config, args: Args, io: Io): Promise<void> {
	if (args.values.email !== undefined || args.values.password !== undefined || args.positionals.length > 0)
		throw new UsageError("migrate-data takes only --from FILE and --media-from DIR");
	if (!config.postgres)
		throw new CliFailure(
			"migrate-data copies into PostgreSQL: set DATABASE_URL to the empty PostgreSQL database (postgres://user@host/database).",
		);
	const mediaTo = join(config.dataDir, "media");
	const source = {
		databasePath: resolve(args.values.from ?? config.databasePath),
		mediaFrom: resolve(args.values["media-from"] ?? mediaTo),
		mediaTo,
	};
	prepareData(config, io);
	const result = await whileNoInstanceRuns(config.postgres.url, "copying data into it", async () => {
		const db = openConfiguredDatabase(config);
		try {
			await migrate(db);
			return await migrateData(db as PgDb, source);
		} finally {
			await closeDatabase(db);
		}
	});
	io.out(`Copied ${source.databasePath} into the PostgreSQL database of DATABASE_URL; rows per table (equal on both):`);
	for (const { table, rows } of result.counts) io.out(`  ${table}: ${rows}`);
	const { copied, alreadyThere, missing } = result.media;
	io.out(
		`Media files: ${copied} copied from ${source.mediaFrom} to ${mediaTo}, ${alreadyThere} already there (files on disk only: object storage is not part of this copy).`,
	);
	if (missing.length > 0)
		io.err(`Warning: ${missing.length} media rows name a file missing from ${source.mediaFrom}: ${missing.join(", ")}`);
	io.out(
		`The two-factor secrets were copied as they are, encrypted: they stay readable only with the same key, ${keySource(config)} here; keep the SECRET_KEY (or DATA_DIR/secret.key) of the SQLite installation. The SQLite database was left in place.`,
	);
}

/** After a restore: the two-factor secrets must open with the key this server will use. */
async function warnAboutSecretKey(config: Config, db: Db, io: Io): Promise<void> {
	const key = readSecretKey(config);
	const check = key
		? await checkSecretKey({ db, secretKey: key })
		: (await hasTwoFactorSecrets(db))
			? "mismatch"
			: "no secrets";
	if (check !== "mismatch") return;
	const where = key
		? `do not decrypt with ${keySource(config)}`
		: `need their key, and ${keySource(config)} is missing`;
	io.err(
		`Warning: the two-factor secrets of this backup ${where}. Put the key kept with the backup in its place (or set SECRET_KEY to it) before starting the server; until then users with two-factor can sign in only with a recovery code.`,
	);
}

export async function resetTwoFactorCommand(config: Config, args: Args, io: Io): Promise<void> {
	if (args.values.password !== undefined) throw new UsageError("this command takes only --email");
	const { email } = accountArgs(args);
	const done = await withDeps(config, io, async (deps) => {
		const user = await findUserByEmail(deps, email);
		if (!user) throw new CliFailure(`No user has the e-mail ${email}; nothing was changed.`);
		if (!hasTwoFactor(user)) return false;
		await resetTwoFactor(deps, null, user.id);
		return true;
	});
	io.out(
		done
			? `Two-factor authentication turned off for ${email}; they were told by e-mail and can sign in with their password.`
			: `${email} has no two-factor authentication; nothing was changed.`,
	);
}
