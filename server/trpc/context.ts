import type { CreateFastifyContextOptions } from "@trpc/server/adapters/fastify";
import type { FastifyReply, FastifyRequest } from "fastify";
import { requestMeta } from "../http/session.ts";
import type { ServiceDeps } from "../services/deps.ts";

/** Built per request; authentication happens in the procedures that need it. */
export const makeCreateContext =
	(deps: ServiceDeps) =>
	({ req, res }: CreateFastifyContextOptions) => ({ deps, req, res, meta: requestMeta(req) });

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
