import { sql } from "drizzle-orm";
import type { ServiceDeps } from "./deps.ts";

export type HealthReport = { status: "ok" | "error"; database: "ok" | "error" };

/** A real round trip to SQLite: the answer a load balancer should trust. */
export function checkHealth({ db }: ServiceDeps): HealthReport {
	let database: HealthReport["database"] = "ok";
	try {
		db.get(sql`select 1`);
	} catch {
		database = "error";
	}
	return { status: database, database };
}
