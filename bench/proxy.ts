import { Agent, createServer, request, type Server } from "node:http";

/**
 * The load balancer of the two-instance figures: each request to the next upstream in turn,
 * over kept-alive connections, its method, path, headers and body passed as they came (the
 * client's X-Forwarded-For included: the app, behind TRUST_PROXY=1, reads it as behind any
 * one proxy). No retries, no health checks: an upstream that fails answers 502.
 */
export function createRoundRobinProxy(upstreams: { host: string; port: number }[]): Server {
	if (upstreams.length === 0) throw new Error("a proxy needs an upstream");
	const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
	let next = 0;
	return createServer((incoming, outgoing) => {
		const upstream = upstreams[next] as (typeof upstreams)[number];
		next = (next + 1) % upstreams.length;
		const forwarded = request(
			{ ...upstream, agent, method: incoming.method, path: incoming.url, headers: incoming.headers },
			(answer) => {
				outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
				answer.pipe(outgoing);
			},
		);
		forwarded.on("error", () => {
			if (!outgoing.headersSent) outgoing.writeHead(502);
			outgoing.end();
		});
		incoming.pipe(forwarded);
	});
}
