import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { DomainError } from "../domain/errors.ts";
import type { ServiceDeps } from "../services/deps.ts";
import { checkHealth } from "../services/health.ts";
import type { RouteModule } from "./types.ts";

const status = z.enum(["ok", "error"]);
export const healthSchema = z.object({
	status,
	database: status,
	storage: status,
	warnings: z
		.array(z.enum(["media_on_host_disk", "mail_outbox_on_host_disk"]))
		.optional()
		.describe(
			"On PostgreSQL, what stays on this host's disk, which a second instance would not see: media files without MEDIA_URL, e-mails without SMTP (the outbox). Absent when there is nothing to say.",
		),
});

/** GET handler of the detailed health routes: the report, with 503 when anything is down. */
export const healthHandler = (deps: ServiceDeps) => async (_request: FastifyRequest, reply: FastifyReply) => {
	const report = await checkHealth(deps);
	return reply.status(report.status === "ok" ? 200 : 503).send(report);
};

const tags = ["utils"];

export const utilsRoutes: RouteModule = (app, deps) => {
	// The FastAPI template's answer, so monitors written for it keep working.
	app.get(
		"/utils/health-check/",
		{
			config: { reasons: ["SERVICE_UNAVAILABLE"] },
			schema: {
				tags,
				summary: "`true` when the database and the storage work; 503 when either is down",
				response: { 200: z.literal(true) },
			},
		},
		async () => {
			if ((await checkHealth(deps)).status !== "ok") throw new DomainError("SERVICE_UNAVAILABLE");
			return true as const;
		},
	);
	app.get(
		"/utils/health-check/details",
		{
			schema: {
				tags,
				summary: "Database and storage status (on PostgreSQL, what stays on this host's disk); 503 when either is down",
				response: { 200: healthSchema, 503: healthSchema },
			},
		},
		healthHandler(deps),
	);
};
