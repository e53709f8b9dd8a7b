import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

const API_PREFIXES = ["/api/", "/trpc/", "/locales/"];

const wantsHtml = (request: FastifyRequest) =>
	request.method === "GET" &&
	!API_PREFIXES.some((prefix) => request.url.startsWith(prefix)) &&
	(request.headers.accept ?? "").includes("text/html");

/**
 * Serves the built client, precompressed: hashed assets cached for a year, and `index.html` for any
 * GET that accepts HTML outside the APIs (client-side routes). Everything else that
 * matches no route gets the JSON 404.
 */
export async function registerSpa(app: FastifyInstance, clientDir: string): Promise<void> {
	const hasClient = existsSync(join(clientDir, "index.html"));
	if (hasClient) {
		await app.register(fastifyStatic, {
			root: clientDir,
			wildcard: false,
			index: false,
			// The build wrote .br and .gz beside each asset: the smallest accepted variant is sent, with Vary.
			preCompressed: true,
			setHeaders(reply, path) {
				const immutable = path.includes(`${join(clientDir, "assets")}`);
				reply.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
			},
		});
	}
	app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
		if (hasClient && wantsHtml(request)) {
			return reply.header("cache-control", "no-cache").type("text/html").sendFile("index.html");
		}
		return reply.status(404).send({ detail: "Not Found" });
	});
}
