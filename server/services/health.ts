import { type AnyDb, ping } from "../db/database.ts";
import type { ServiceDeps } from "./deps.ts";

type Status = "ok" | "error";
export type HealthReport = { status: Status; database: Status; storage: Status };

/** A real round trip to the database (SQLite or PostgreSQL) and a check that the media store is usable (a request, on S3). */
export async function checkHealth({
	db,
	storage,
}: {
	db: AnyDb;
	storage: ServiceDeps["storage"];
}): Promise<HealthReport> {
	let database: Status = "ok";
	try {
		await ping(db);
	} catch {
		database = "error";
	}
	const media: Status = (await storage.isHealthy()) ? "ok" : "error";
	return { status: database === "ok" && media === "ok" ? "ok" : "error", database, storage: media };
}
