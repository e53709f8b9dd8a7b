import { sql } from "drizzle-orm";
import type { ServiceDeps } from "./deps.ts";

type Status = "ok" | "error";
export type HealthReport = { status: Status; database: Status; storage: Status };

/** A real round trip to the database and a check that the media store is usable (a request, on S3). */
export async function checkHealth({ db, storage }: ServiceDeps): Promise<HealthReport> {
	let database: Status = "ok";
	try {
		await db.get(sql`select 1`);
	} catch {
		database = "error";
	}
	const media: Status = (await storage.isHealthy()) ? "ok" : "error";
	return { status: database === "ok" && media === "ok" ? "ok" : "error", database, storage: media };
}
