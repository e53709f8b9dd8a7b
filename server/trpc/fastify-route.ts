import type { AnyTRPCRouter, inferRouterContext } from "@trpc/server";
import { type HTTPErrorHandler, resolveResponse, type TRPCRequestInfo } from "@trpc/server/http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** What a context is made from: the Fastify request and reply, and tRPC's description of the calls. */
export type TrpcContextOptions = { req: FastifyRequest; res: FastifyReply; info: TRPCRequestInfo };

type Options<TRouter extends AnyTRPCRouter> = {
	router: TRouter;
	createContext: (opts: TrpcContextOptions) => inferRouterContext<TRouter> | Promise<inferRouterContext<TRouter>>;
	maxBatchSize: number;
	onError: HTTPErrorHandler<TRouter, FastifyRequest>;
};

/** Whether the client asked for a streamed answer (JSON lines, server-sent events), which a disconnect must stop. */
const asksForStream = (request: FastifyRequest) => {
	const accept = `${request.headers["trpc-accept"] ?? ""} ${request.headers.accept ?? ""}`;
	return accept.includes("application/jsonl") || accept.includes("text/event-stream");
};

/** The request as the Fetch API sees it, for tRPC: its URL, method, headers and the body Fastify read as text. */
function fetchRequestOf(request: FastifyRequest, reply: FastifyReply): Request {
	const headers = new Headers();
	for (const [name, value] of Object.entries(request.headers)) {
		if (name.startsWith(":") || value === undefined) continue;
		if (Array.isArray(value)) for (const item of value) headers.append(name, item);
		else headers.append(name, value);
	}
	let signal: AbortSignal | undefined;
	if (asksForStream(request)) {
		const abort = new AbortController();
		reply.raw.once("close", () => {
			if (!reply.raw.writableEnded) abort.abort();
		});
		signal = abort.signal;
	}
	const hasBody = request.method !== "GET" && request.method !== "HEAD";
	// tRPC reads only the path and query of this URL. Its host is a fixed one, not the request's Host
	// (or X-Forwarded-Host): that is the client's text, and one no URL parser takes ("a b", "x:99999")
	// would make the Request constructor throw, a 500 for every call.
	return new Request(`http://localhost${request.url}`, {
		method: request.method,
		headers,
		signal,
		body: hasBody ? ((request.body as string | undefined) ?? null) : undefined,
	});
}

/**
 * tRPC's wire protocol on a Fastify route, through `resolveResponse` from
 * `@trpc/server/http`: the function every tRPC adapter wraps, which parses the calls,
 * batches, runs the procedures and formats results and errors. What this file does
 * instead of `@trpc/server/adapters/fastify` is only the transport: a JSON answer goes
 * out as one string with its length (the stock adapter hands Fastify the Fetch
 * `Response`, whose body Fastify then reads chunk by chunk and sends chunked), and the
 * request gets an abort signal only when it asked for a streamed answer. See
 * docs/decisions/026-trpc-path.md for the measurements.
 */
export function registerTrpcRoute<TRouter extends AnyTRPCRouter>(
	app: FastifyInstance,
	prefix: string,
	options: Options<TRouter>,
): void {
	// tRPC parses the body itself: hand it the text.
	app.removeContentTypeParser("application/json");
	app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => done(null, body));
	app.all<{ Params: { path: string } }>(`${prefix}/:path`, async (request, reply) => {
		const response = await resolveResponse({
			router: options.router,
			req: fetchRequestOf(request, reply),
			path: request.params.path,
			error: null,
			maxBatchSize: options.maxBatchSize,
			createContext: async ({ info }) => options.createContext({ req: request, res: reply, info }),
			onError: (error) => options.onError({ ...error, req: request }),
		});
		reply.code(response.status);
		for (const [name, value] of response.headers) if (name !== "set-cookie") reply.header(name, value);
		const cookies = response.headers.getSetCookie();
		if (cookies.length > 0) reply.header("set-cookie", cookies);
		if (response.body === null) return reply.send();
		// A streamed batch (JSON lines) is JSON too, but chunked: it goes out as the stream it is.
		const whole =
			response.headers.get("content-type")?.startsWith("application/json") &&
			!response.headers.has("transfer-encoding");
		if (whole) return reply.send(await response.text());
		return reply.send(response.body);
	});
}
