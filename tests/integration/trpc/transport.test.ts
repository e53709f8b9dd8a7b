import { createTRPCClient, httpBatchLink, httpBatchStreamLink, httpLink } from "@trpc/client";
import { initTRPC } from "@trpc/server";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { registerTrpcRoute } from "../../../server/trpc/fastify-route.ts";
import type { AppRouter } from "../../../server/trpc/router.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { seedUser } from "../../helpers/users.ts";

describe("the tRPC route", () => {
	it("sends a JSON answer as one body with its length, not chunked, with the app's headers", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		for (const url of ["/trpc/users.me", "/trpc/users.me,users.emailVerification?batch=1&input=%7B%7D"]) {
			const res = await app.inject({ method: "GET", url, headers: user.headers });
			expect(res.statusCode, url).toBe(200);
			expect(res.headers["content-length"], url).toBe(String(Buffer.byteLength(res.body)));
			expect(res.headers["transfer-encoding"], url).toBeUndefined();
			expect(res.headers["content-type"], url).toMatch(/^application\/json/);
			expect(res.headers.vary, url).toBe("trpc-accept, accept");
			expect(res.headers["content-security-policy"], url).toContain("frame-ancestors 'none'");
			expect(res.body, url).toContain(user.email);
		}
	});

	it("answers tRPC's own links, the streaming one streamed", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		await app.listen({ port: 0, host: "127.0.0.1" });
		const address = app.server.address();
		const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/trpc`;
		const headers = () => user.headers;
		for (const link of [
			httpLink({ url, headers }),
			httpBatchLink({ url, headers }),
			httpBatchStreamLink({ url, headers }),
		]) {
			const client = createTRPCClient<AppRouter>({ links: [link] });
			const [me, mode] = await Promise.all([client.users.me.query(), client.users.emailVerification.query()]);
			expect(me.email).toBe(user.email);
			expect(mode.mode).toBe("optional");
		}
		const refused = createTRPCClient<AppRouter>({ links: [httpBatchStreamLink({ url })] });
		await expect(refused.users.me.query()).rejects.toMatchObject({ data: { code: "UNAUTHORIZED" } });
	});

	it("streams a streamed batch: a quick call's answer does not wait for a slow one's", async () => {
		const t = initTRPC.create();
		let release = () => {};
		const slowDone = new Promise<void>((resolve) => {
			release = resolve;
		});
		const router = t.router({
			quick: t.procedure.query(() => "quick"),
			slow: t.procedure.query(async () => {
				await slowDone;
				return "slow";
			}),
		});
		const app = Fastify();
		registerTrpcRoute(app, "/trpc", { router, maxBatchSize: 10, createContext: () => ({}), onError: () => {} });
		await app.listen({ port: 0, host: "127.0.0.1" });
		try {
			const address = app.server.address();
			const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/trpc`;
			const client = createTRPCClient<typeof router>({ links: [httpBatchStreamLink({ url })] });
			const slow = client.slow.query();
			expect(await client.quick.query()).toBe("quick");
			release();
			expect(await slow).toBe("slow");
		} finally {
			release();
			await app.close();
		}
	});
});
