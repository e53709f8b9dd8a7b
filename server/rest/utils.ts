import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { ServiceDeps } from "../services/deps.ts";
import { checkHealth } from "../services/health.ts";
import type { RouteModule } from "./types.ts";

const status = z.enum(["ok", "error"]);
export const healthSchema = z.object({ status, database: status, storage: status });

/** GET handler for both health routes: the report, with 503 when anything is down. */
export const healthHandler = (deps: ServiceDeps) => async (_request: FastifyRequest, reply: FastifyReply) => {
	const report = checkHealth(deps);
	return reply.status(report.status === "ok" ? 200 : 503).send(report);
};

export const utilsRoutes: RouteModule = (app, deps) => {
	app.get(
		"/utils/health-check/",
		{
			schema: {
				tags: ["utils"],
				summary: "Database (and storage) status; 503 when down",
				response: { 200: healthSchema, 503: healthSchema },
			},
		},
		healthHandler(deps),
	);
};
