import { z } from "zod";
import { auditEventsSchema, auditFilterSchema, auditQuerySchema } from "../../shared/schemas/audit.ts";
import { auditCsvFileName, auditCsvStream } from "../services/audit/export.ts";
import { listAuditLog } from "../services/audit/log.ts";
import { authHooks } from "./auth-hooks.ts";
import type { RouteModule } from "./types.ts";

const tags = ["audit"];
const security = [{ OAuth2PasswordBearer: [] }];

export const auditRoutes: RouteModule = (app, deps) => {
	const { superuser } = authHooks(deps);

	app.get(
		"/audit/",
		{
			onRequest: superuser,
			schema: {
				tags,
				security,
				summary: "Security events, newest first",
				description: "Every filter given must hold. `count` counts all the events that match.",
				querystring: auditQuerySchema,
				response: { 200: auditEventsSchema },
			},
		},
		async (request) => listAuditLog(deps, request.query),
	);
	app.get(
		"/audit/export.csv",
		{
			onRequest: superuser,
			schema: {
				tags,
				security,
				summary: "The events matching the same filters as CSV, streamed",
				description:
					"A header row with the field names of GET /audit/, then one row per event, newest first; `details` is " +
					"JSON text. A cell that starts with = + - or @ is prefixed with a single quote.",
				querystring: auditFilterSchema,
				response: { 200: { description: "CSV", content: { "text/csv": { schema: z.string() } } } },
			},
		},
		async (request, reply) =>
			reply
				.header("content-type", "text/csv; charset=utf-8")
				.header("content-disposition", `attachment; filename="${auditCsvFileName(deps)}"`)
				.header("cache-control", "no-store")
				// Fastify pipes a stream as it is; the string schema above only documents the body.
				.send((await auditCsvStream(deps, request.query)) as unknown as string),
	);
};
