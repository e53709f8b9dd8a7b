import Fastify from "fastify";
import { registerSecurityHeaders } from "../../server/http/security-headers.ts";

/**
 * The baseline: bare Fastify answering the same JSON as GET /api/v1/users/me, no auth, no
 * database. With SECURITY_HEADERS=1 it also sends the security headers every Portico
 * answer carries (helmet's, as the contract asks, through Portico's own hook): what those
 * headers alone cost, measured beside the rest.
 */
const user = {
	id: "5f0c6d1e-3b0a-4c9e-9d4f-2a6b8e7c1d00",
	email: "bench@example.com",
	full_name: "Bench User",
	is_active: true,
	is_superuser: false,
	email_verified: true,
	created_at: "2026-11-22T00:00:00.000Z",
};
const app = Fastify({ logger: false });
if (process.env.SECURITY_HEADERS === "1") registerSecurityHeaders(app);
app.get("/users/me", async () => user);
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
// A clean exit on SIGTERM, so that `node --cpu-prof` writes its profile (bench/profile.ts).
process.once("SIGTERM", () => void app.close().then(() => process.exit(0)));
