import { QueryClient } from "@tanstack/react-query";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { first } from "../../../server/db/query.ts";
import { users } from "../../../server/db/schema.ts";
import { TRPC_MAX_BATCH_SIZE } from "../../../shared/trpc-limits.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { seedUser } from "../../helpers/users.ts";

type BatchItem = { result?: { data: unknown }; error?: { data: { code: string } } };

/** A batch of `count` calls to one mutation, as httpBatchLink sends it. */
const mutationBatch = (app: FastifyInstance, path: string, inputs: unknown[], headers: Record<string, string>) =>
	app.inject({
		method: "POST",
		url: `/trpc/${Array(inputs.length).fill(path).join(",")}?batch=1`,
		headers: { ...headers, "content-type": "application/json" },
		payload: JSON.stringify(Object.fromEntries(inputs.map((input, i) => [i, input]))),
	});

const queryBatch = (app: FastifyInstance, path: string, count: number, headers: Record<string, string>) =>
	app.inject({
		method: "GET",
		url: `/trpc/${Array(count).fill(path).join(",")}?batch=1&input=${encodeURIComponent("{}")}`,
		headers,
	});

const fullNameOf = async (app: FastifyInstance, id: string) =>
	(await first(app.deps.db.select({ name: users.fullName }).from(users).where(eq(users.id, id))))?.name;

describe("tRPC batch size", () => {
	it("refuses a batch over the limit with 400 before running any of its calls", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app, { fullName: "Before" });
		const names = Array.from({ length: TRPC_MAX_BATCH_SIZE + 1 }, (_, i) => ({ full_name: `Batch ${i}` }));
		const res = await mutationBatch(app, "users.updateMe", names, user.headers);
		expect(res.statusCode).toBe(400);
		// One error for the whole request: the adapter refuses it before reading any input.
		expect(res.json()).toMatchObject({
			error: { message: "Batch call exceeds maximum size", data: { code: "BAD_REQUEST", httpStatus: 400 } },
		});
		expect(await fullNameOf(app, user.id)).toBe("Before");

		const queries = await queryBatch(app, "users.me", TRPC_MAX_BATCH_SIZE + 1, user.headers);
		expect(queries.statusCode).toBe(400);
		expect(queries.json().error.message).toBe("Batch call exceeds maximum size");
	});

	it("runs a batch at the limit", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app, { fullName: "Before" });
		const names = Array.from({ length: TRPC_MAX_BATCH_SIZE }, (_, i) => ({ full_name: `Batch ${i}` }));
		const res = await mutationBatch(app, "users.updateMe", names, user.headers);
		expect(res.statusCode).toBe(200);
		const items = res.json() as BatchItem[];
		expect(items).toHaveLength(TRPC_MAX_BATCH_SIZE);
		expect(items.every((item) => item.result !== undefined)).toBe(true);
		expect(await fullNameOf(app, user.id)).toMatch(/^Batch \d$/);

		const queries = await queryBatch(app, "users.me", TRPC_MAX_BATCH_SIZE, user.headers);
		expect(queries.statusCode).toBe(200);
		expect((queries.json() as BatchItem[]).map((item) => item.result?.data)).toEqual(
			Array(TRPC_MAX_BATCH_SIZE).fill(expect.objectContaining({ id: user.id })),
		);
	});
});

describe("the SPA's tRPC client", () => {
	afterEach(() => {
		vi.unstubAllGlobals();
	});

	it("splits many simultaneous calls into batches the server accepts", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const pathsPerRequest: number[] = [];
		// The browser's fetch, answered by the app: every request the client sends is seen here.
		vi.stubGlobal("document", { documentElement: { lang: "en" } });
		vi.stubGlobal("localStorage", {
			getItem: () => JSON.stringify({ token: user.accessToken, refreshToken: user.refreshToken }),
			setItem: () => {},
			removeItem: () => {},
		});
		vi.stubGlobal(
			"fetch",
			async (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => {
				pathsPerRequest.push(new URL(url, "http://portico.test").pathname.split(",").length);
				const res = await app.inject({ method: init.method as "GET", url, headers: init.headers, payload: init.body });
				return new Response(res.body, { status: res.statusCode, headers: { "content-type": "application/json" } });
			},
		);
		const { createSession } = await import("../../../client/features/sign-in-state/session.ts");
		const { createSessionTRPCClient, sessionServer } = await import("../../../client/api/trpc-client.ts");
		const { tokenStore } = await import("../../../client/features/sign-in-state/token-store.ts");
		const router = { navigate: async () => {}, state: { location: { pathname: "/" } } };
		const session = createSession({
			queryClient: new QueryClient(),
			router: router as unknown as Parameters<typeof createSession>[0]["router"],
			server: sessionServer("/trpc", tokenStore),
		});
		const trpcClient = createSessionTRPCClient(session, "/trpc");
		const calls = 3 * TRPC_MAX_BATCH_SIZE + 1;
		const answers = await Promise.all(Array.from({ length: calls }, () => trpcClient.users.me.query()));
		expect(answers.map((me) => me.id)).toEqual(Array(calls).fill(user.id));
		expect(pathsPerRequest.reduce((a, b) => a + b, 0)).toBe(calls);
		expect(Math.max(...pathsPerRequest)).toBeLessThanOrEqual(TRPC_MAX_BATCH_SIZE);
	});
});
