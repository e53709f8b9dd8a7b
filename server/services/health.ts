import { type Config, type HostLocalState, hostLocalState } from "../config.ts";
import { type AnyDb, ping } from "../db/database.ts";
import type { ServiceDeps } from "./deps.ts";

type Status = "ok" | "error";
/** `warnings` (only when there are some): what a second instance would not see (config.ts hostLocalState). */
export type HealthReport = { status: Status; database: Status; storage: Status; warnings?: HostLocalState[] };

/**
 * A real round trip to the database (SQLite or PostgreSQL) and a check that the media store
 * is usable (a request, on S3); with the config, what stays on this host's disk.
 */
export async function checkHealth({
	db,
	storage,
	config,
}: {
	db: AnyDb;
	storage: ServiceDeps["storage"];
	config?: Pick<Config, "postgres" | "media" | "smtp">;
}): Promise<HealthReport> {
	let database: Status = "ok";
	try {
		await ping(db);
	} catch {
		database = "error";
	}
	const media: Status = (await storage.isHealthy()) ? "ok" : "error";
	const warnings = config ? hostLocalState(config) : [];
	return {
		status: database === "ok" && media === "ok" ? "ok" : "error",
		database,
		storage: media,
		...(warnings.length > 0 && { warnings }),
	};
}
