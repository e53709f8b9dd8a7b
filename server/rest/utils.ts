import { z } from "zod";
import { checkHealth } from "../services/health.ts";
import type { RouteModule } from "./types.ts";

const status = z.enum(["ok", "error"]);
export const healthSchema = z.object({ status, database: status, storage: status });

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
		async (_request, reply) => {
			const report = checkHealth(deps);
			return reply.status(report.status === "ok" ? 200 : 503).send(report);
		},
	);
};
