import { appendFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { expect, inject } from "vitest";

declare module "vitest" {
	export interface ProvidedContext {
		/** Where test workers write the statuses they saw; see documented-statuses.global.ts. */
		observedStatusesDir: string | undefined;
	}
}

/** One answer a test saw: a REST route (as registered, `:param`s and all) and its status. */
export type ObservedStatus = { method: string; route: string; status: number; testPath: string };

const seen = new Set<string>();

/**
 * Records the status of every answer of a documented REST route, so that the run's
 * global teardown can check that the OpenAPI document lists each one.
 */
export function recordStatuses(app: FastifyInstance): void {
	const dir = inject("observedStatusesDir");
	if (!dir) return;
	app.addHook("onResponse", async (request, reply) => {
		const route = request.routeOptions.url;
		if (!route?.startsWith("/api/v1/") || request.method === "HEAD") return;
		const key = `${request.method} ${route} ${reply.statusCode}`;
		if (seen.has(key)) return;
		seen.add(key);
		const observed: ObservedStatus = {
			method: request.method,
			route,
			status: reply.statusCode,
			testPath: expect.getState().testPath ?? "",
		};
		appendFileSync(join(dir, `${process.pid}.jsonl`), `${JSON.stringify(observed)}\n`);
	});
}
