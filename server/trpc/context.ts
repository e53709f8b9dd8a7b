import type { FastifyReply, FastifyRequest } from "fastify";
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from "../http/json-body.ts";
import { requestMeta } from "../http/session.ts";
import type { ServiceDeps } from "../services/deps.ts";
import type { TrpcContextOptions } from "./fastify-route.ts";

/** Built per request; authentication happens in the procedures that need it. */
export const makeCreateContext =
	(deps: ServiceDeps) =>
	({ req, res }: TrpcContextOptions) => ({ deps, req, res, meta: requestMeta(req) });

export type Context = Awaited<ReturnType<ReturnType<typeof makeCreateContext>>>;

/**
 * An `onRequest` hook for /trpc: the tRPC Fastify adapter hands a multipart body on as the
 * raw stream and then fails to JSON-encode it (a 500). The SPA never sends multipart to
 * tRPC (uploads go to REST), so refuse it as tRPC refuses any other unsupported type.
 */
export async function refuseTrpcMultipart(request: FastifyRequest, reply: FastifyReply) {
	if (!request.url.startsWith("/trpc/")) return;
	if (!(request.headers["content-type"] ?? "").toLowerCase().includes("multipart/")) return;
	return reply.status(415).send({
		error: {
			message: "Unsupported content-type; send JSON",
			code: -32015,
			data: { code: "UNSUPPORTED_MEDIA_TYPE", httpStatus: 415 },
		},
	});
}

/**
 * A `preValidation` hook for /trpc: tRPC parses the body and the `input` query itself, so
 * the app's JSON depth limit is applied here, with tRPC's own error envelope (one per call
 * of a batch, as httpBatchLink expects).
 */
export async function refuseTrpcDeepJson(request: FastifyRequest, reply: FastifyReply) {
	if (!request.url.startsWith("/trpc/")) return;
	const { input, batch } = (request.query ?? {}) as Record<string, unknown>;
	const texts = [request.body, input].filter((value): value is string => typeof value === "string");
	if (!texts.some((text) => jsonNestsDeeperThan(text, MAX_JSON_DEPTH))) return;
	const paths = (request.params as { path?: string }).path?.split(",") ?? [];
	const envelope = (path: string | undefined) => ({
		error: {
			message: `Input nests deeper than ${MAX_JSON_DEPTH} levels`,
			code: -32600,
			data: { code: "BAD_REQUEST", httpStatus: 400, path, reason: null, issues: null },
		},
	});
	return reply.status(400).send(batch === "1" ? paths.map(envelope) : envelope(paths[0]));
}
