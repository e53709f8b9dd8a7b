import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { entityRefSchema, fileIdSchema, mediaFileSchema } from "../../shared/schemas/media.ts";
import { listQuerySchema, messageSchema } from "../../shared/schemas/users.ts";
import type { ServiceDeps } from "../services/deps.ts";
import * as mediaService from "../services/media/files.ts";
import { authHooks } from "./auth-hooks.ts";
import { healthHandler, healthSchema } from "./health.ts";
import { formBody, registerMultipart, uploadBody, uploadedFileSchema } from "./multipart-form.ts";
import { authOf, type RouteModule } from "./types.ts";

const tags = ["media"];
const security = [{ OAuth2PasswordBearer: [] }];
const fileParams = z.object({ file_id: fileIdSchema });
const servedParams = entityRefSchema.extend({ file_id: fileIdSchema });
const mediaListSchema = z.object({ data: z.array(mediaFileSchema), count: z.number().int() });

/** Media routes live in their own scope so multipart parsing exists only here. */
export const mediaRoutes: RouteModule = (parent, deps) => {
	parent.register(async (scope: FastifyInstance) => {
		await registerMultipart(scope);
		mediaScope(scope.withTypeProvider<ZodTypeProvider>(), deps);
	});
};

function mediaScope(app: Parameters<RouteModule>[0], deps: ServiceDeps): void {
	const { user } = authHooks(deps);

	app.post(
		"/media/upload",
		{
			onRequest: user,
			config: {
				reasons: [
					"FORBIDDEN",
					"ENTITY_NOT_FOUND",
					"FILE_TOO_LARGE",
					"IMAGE_TOO_LARGE",
					"UNSUPPORTED_MEDIA",
					"UPLOADS_BUSY",
					"SERVICE_UNAVAILABLE",
					"RATE_LIMITED",
				],
			},
			preValidation: uploadBody,
			schema: {
				tags,
				security,
				summary: "Upload an image (multipart: entity_type, entity_id, file); at most 5 MB",
				consumes: ["multipart/form-data"],
				body: entityRefSchema.extend({ file: uploadedFileSchema }),
				response: { 200: mediaFileSchema },
			},
		},
		async (request) => {
			const { file, ...ref } = request.body;
			return mediaService.uploadMedia(deps, authOf(request), ref, file.data);
		},
	);
	app.get(
		"/media/serve/:entity_type/:entity_id/:file_id",
		{
			config: {
				reasons: ["MEDIA_NOT_FOUND", "SERVICE_UNAVAILABLE"],
				otherResponses: { 304: "Not Modified: the If-None-Match tag is current" },
			},
			schema: { tags, summary: "The image bytes (anyone with the URL)", params: servedParams },
		},
		async (request, reply) => {
			const { entity_type, entity_id, file_id } = request.params;
			const file = await mediaService.findServedMedia(deps, entity_type, entity_id, file_id);
			const ifNoneMatch = request.headers["if-none-match"];
			const current = ifNoneMatch?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === file.etag);
			// Opened before any header is set, so a 404 or 503 goes out as a plain error.
			const body = current ? null : await mediaService.openServedFile(deps, file.id);
			reply
				.header("content-type", file.contentType)
				.header("x-content-type-options", "nosniff")
				.header("etag", file.etag)
				.header("cache-control", "public, max-age=31536000, immutable")
				.header("content-security-policy", "default-src 'none'; sandbox");
			if (!body) return reply.status(304).send();
			return reply.header("content-length", file.size).send(body);
		},
	);
	app.get(
		"/media/health",
		{
			schema: {
				tags,
				summary: "Storage and database status; 503 when down",
				response: { 200: healthSchema, 503: healthSchema },
			},
		},
		healthHandler(deps),
	);
	app.get(
		"/media/file/:file_id",
		{
			onRequest: user,
			config: { reasons: ["MEDIA_NOT_FOUND", "FORBIDDEN"] },
			schema: { tags, security, summary: "A file's metadata", params: fileParams, response: { 200: mediaFileSchema } },
		},
		async (request) => mediaService.getMedia(deps, authOf(request).user, request.params.file_id),
	);
	app.get(
		"/media/:entity_type/:entity_id",
		{
			onRequest: user,
			config: { reasons: ["FORBIDDEN", "ENTITY_NOT_FOUND"] },
			schema: {
				tags,
				security,
				summary: "The files of an entity, newest first",
				params: entityRefSchema,
				querystring: listQuerySchema,
				response: { 200: mediaListSchema },
			},
		},
		async (request) => mediaService.listMedia(deps, authOf(request).user, request.params, request.query),
	);
	app.delete(
		"/media/:file_id",
		{
			onRequest: user,
			config: { reasons: ["MEDIA_NOT_FOUND", "FORBIDDEN"] },
			schema: { tags, security, summary: "Delete a file", params: fileParams, response: { 200: messageSchema } },
		},
		async (request) => mediaService.deleteMedia(deps, authOf(request), request.params.file_id),
	);
	app.patch(
		"/media/:file_id/move",
		{
			onRequest: user,
			preValidation: formBody,
			config: { reasons: ["MEDIA_NOT_FOUND", "FORBIDDEN", "ENTITY_NOT_FOUND"] },
			schema: {
				tags,
				security,
				summary: "Attach a file to another entity (form: entity_type, entity_id)",
				consumes: ["application/x-www-form-urlencoded", "multipart/form-data"],
				params: fileParams,
				body: entityRefSchema,
				response: { 200: mediaFileSchema },
			},
		},
		async (request) => mediaService.moveMedia(deps, authOf(request), request.params.file_id, request.body),
	);
}
