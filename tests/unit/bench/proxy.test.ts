import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createRoundRobinProxy } from "../../../bench/proxy.ts";

const servers: Server[] = [];
afterEach(async () => {
	await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function listen(server: Server): Promise<number> {
	servers.push(server);
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	return (server.address() as AddressInfo).port;
}

/** An upstream that answers who it is and what it was sent. */
const upstream = (name: string) =>
	createServer((incoming, outgoing) => {
		let body = "";
		incoming.on("data", (chunk) => {
			body += chunk;
		});
		incoming.on("end", () => {
			outgoing.writeHead(201, { "content-type": "application/json", "x-upstream": name });
			outgoing.end(
				JSON.stringify({
					name,
					method: incoming.method,
					path: incoming.url,
					forwardedFor: incoming.headers["x-forwarded-for"],
					body,
				}),
			);
		});
	});

describe("the bench's round-robin proxy", () => {
	it("sends each request to the next upstream in turn, passing method, path, headers and body as they came", async () => {
		const ports = [await listen(upstream("a")), await listen(upstream("b"))];
		const proxy = await listen(createRoundRobinProxy(ports.map((port) => ({ host: "127.0.0.1", port }))));
		const answers = [];
		for (let i = 0; i < 4; i++) {
			const response = await fetch(`http://127.0.0.1:${proxy}/api/v1/login/access-token?i=${i}`, {
				method: "POST",
				headers: { "x-forwarded-for": `10.0.0.${i}`, "content-type": "text/plain" },
				body: `body ${i}`,
			});
			expect(response.status).toBe(201);
			expect(response.headers.get("x-upstream")).toBe(i % 2 === 0 ? "a" : "b");
			answers.push(await response.json());
		}
		expect(answers).toEqual(
			[0, 1, 2, 3].map((i) => ({
				name: i % 2 === 0 ? "a" : "b",
				method: "POST",
				path: `/api/v1/login/access-token?i=${i}`,
				forwardedFor: `10.0.0.${i}`,
				body: `body ${i}`,
			})),
		);
	});

	it("keeps its connections to an upstream alive between requests", async () => {
		const server = upstream("a");
		const sockets = new Set();
		server.on("connection", (socket) => sockets.add(socket));
		const port = await listen(server);
		const proxy = await listen(createRoundRobinProxy([{ host: "127.0.0.1", port }]));
		for (let i = 0; i < 5; i++) await (await fetch(`http://127.0.0.1:${proxy}/users/me`)).text();
		expect(sockets.size).toBe(1);
	});

	it("answers 502 when the upstream is not there", async () => {
		const closed = await listen(createServer());
		await new Promise((resolve) => servers.pop()?.close(resolve));
		const proxy = await listen(createRoundRobinProxy([{ host: "127.0.0.1", port: closed }]));
		const status = await new Promise<number | undefined>((resolve, reject) =>
			request({ host: "127.0.0.1", port: proxy, path: "/" }, (response) => {
				response.resume();
				resolve(response.statusCode);
			})
				.on("error", reject)
				.end(),
		);
		expect(status).toBe(502);
	});
});
