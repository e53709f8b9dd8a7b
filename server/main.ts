import { buildApp } from "./app.ts";
import { ConfigError, checkServerConfig, hostLocalState, hostLocalWarnings, loadConfig } from "./config.ts";
import { ownerOnlyFromNowOn, prepareDataDir } from "./data-dir.ts";
import { closeDatabase, migrate, openConfiguredDatabase, servicesDb } from "./db/database.ts";
import { holdRunningLock } from "./db/running-lock.ts";
import { SecretKeyError } from "./lib/secret-key.ts";
import { ensureFirstSuperuser } from "./services/admin/first-superuser.ts";
import { checkSecretKey } from "./services/factors/two-factor.ts";

/** config -> database -> migrations -> first superuser -> listen; SIGTERM closes it all. */
async function main() {
	ownerOnlyFromNowOn();
	const config = loadConfig();
	checkServerConfig(config);
	const notTightened = prepareDataDir(config);
	const db = openConfiguredDatabase(config);
	// On PostgreSQL, "an instance runs here" for `restore` and `migrate-data` to see
	// (server/db/running-lock.ts); taken before the migrations, so that a server starting
	// during a restore waits for it rather than migrating beside pg_restore.
	const running = config.postgres
		? await holdRunningLock(config.postgres.url, (error) =>
				console.error(
					`the connection holding the running lock was lost (${error.message}): a restore would not see this instance; restart it`,
				),
			)
		: undefined;
	await migrate(db);
	const app = await buildApp({ config, db: servicesDb(db) });
	if (config.trustProxy === true)
		app.log.warn(
			"TRUST_PROXY=true takes the first X-Forwarded-For entry, which any client can write: it escapes the rate limits with a forged address. Set TRUST_PROXY to the number of proxies in front instead (1 for one reverse proxy), and let clients reach the server only through them.",
		);
	for (const state of hostLocalState(config)) app.log.warn(hostLocalWarnings[state]);
	if (notTightened.length > 0)
		app.log.warn(
			{ paths: notTightened },
			"could not make these owner-only (0700 folders, 0600 files); check their owner",
		);

	if ((await checkSecretKey(app.deps)) === "mismatch")
		app.log.error(
			"the stored two-factor secrets do not decrypt with this server's key (SECRET_KEY, or DATA_DIR/secret.key when unset): users with two-factor can sign in only with a recovery code. Restore the key that was used with this database, or have an admin reset their two-factor (DELETE /api/v1/users/{id}/totp).",
		);

	const superuser = await ensureFirstSuperuser(app.deps);
	if (superuser.generatedPassword) {
		// Printed once, to the console only: the operator must note it now.
		console.log(
			`\nFirst superuser created: ${config.firstSuperuser.email}\nPassword (shown only now): ${superuser.generatedPassword}\n`,
		);
	}

	let closing = false;
	// While closing, each answer also closes its connection: an idle keep-alive socket
	// would otherwise hold server.close() up until the forced exit below.
	app.addHook("onSend", (_request, reply, payload, done) => {
		if (closing) reply.header("connection", "close");
		done(null, payload);
	});
	const shutdown = async (signal: string) => {
		if (closing) return;
		closing = true;
		app.log.info({ signal }, "shutting down: finishing in-flight requests");
		const force = setTimeout(() => process.exit(1), 10_000).unref();
		await app.close();
		await running?.release();
		await closeDatabase(db);
		clearTimeout(force);
		process.exit(0);
	};
	process.on("SIGTERM", () => void shutdown("SIGTERM"));
	process.on("SIGINT", () => void shutdown("SIGINT"));

	try {
		await app.listen({ port: config.port, host: config.host });
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code === "EADDRINUSE" || code === "EACCES" || code === "EADDRNOTAVAIL") {
			const why = code === "EADDRINUSE" ? "is already in use" : "cannot be used here";
			throw new ConfigError(`PORT ${config.port} on HOST ${config.host} ${why} (${code}): choose another PORT or HOST`);
		}
		throw error;
	}
	// Plainly, beside the JSON log: the address to open is PUBLIC_URL, not the listening socket
	// (passkeys work only there: an IP address cannot be their relying party).
	console.log(`\nPortico is running. Open ${config.publicUrl}\n`);
}

main().catch((error: unknown) => {
	if (error instanceof ConfigError || error instanceof SecretKeyError) console.error(error.message);
	else console.error(error);
	process.exit(1);
});
