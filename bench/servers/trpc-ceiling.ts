import { initTRPC } from "@trpc/server";
import { fastifyTRPCPlugin } from "@trpc/server/adapters/fastify";
import Fastify from "fastify";

/**
 * tRPC's own Fastify adapter serving one constant query, no context, no middleware: the
 * most the stock adapter can answer here. Portico's `users.me` is measured against it.
 */
const t = initTRPC.create();
const user = {
	id: "5f0c6d1e-3b0a-4c9e-9d4f-2a6b8e7c1d00",
	email: "bench@example.com",
	full_name: "Bench User",
	is_active: true,
	is_superuser: false,
	email_verified: true,
	created_at: "2026-11-22T00:00:00.000Z",
};
const router = t.router({ users: t.router({ me: t.procedure.query(() => user) }) });
const app = Fastify({ logger: false, routerOptions: { maxParamLength: 5000 } });
await app.register(fastifyTRPCPlugin, { prefix: "/trpc", trpcOptions: { router } });
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
// A clean exit on SIGTERM, so that `node --cpu-prof` writes its profile (bench/profile.ts).
process.once("SIGTERM", () => void app.close().then(() => process.exit(0)));
