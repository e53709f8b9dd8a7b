import { createHash, timingSafeEqual } from "node:crypto";
import Database from "better-sqlite3";
import Fastify from "fastify";

/**
 * The peer Portico's REST path is held against: plain Fastify doing the same session
 * check (one SQLite join by token id, a SHA-256 compared in constant time), no framework
 * around it. What Portico costs beyond this is ours.
 */
const db = new Database(process.env.DATABASE_PATH as string, { readonly: true });
const lookup = db.prepare(
	`select s.access_hash, s.access_expires_at, u.id, u.email, u.full_name, u.is_active, u.is_superuser, u.email_verified, u.created_at
	 from sessions s join users u on u.id = s.user_id where s.id = ?`,
);
type Row = {
	access_hash: Buffer;
	access_expires_at: number;
	id: string;
	email: string;
	full_name: string | null;
	is_active: number;
	is_superuser: number;
	email_verified: number;
	created_at: number;
};

const app = Fastify({ logger: false });
app.get("/users/me", async (request, reply) => {
	const [id, secret] = (request.headers.authorization ?? "").slice(7).split(".");
	const row = id ? (lookup.get(id) as Row | undefined) : undefined;
	const hash = createHash("sha256")
		.update(secret ?? "")
		.digest();
	if (!row || !timingSafeEqual(hash, row.access_hash) || row.access_expires_at <= Date.now() || !row.is_active)
		return reply.status(401).send({ detail: "Could not validate credentials" });
	return {
		id: row.id,
		email: row.email,
		full_name: row.full_name,
		is_active: true,
		is_superuser: Boolean(row.is_superuser),
		email_verified: Boolean(row.email_verified),
		created_at: new Date(row.created_at).toISOString(),
	};
});
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
// A clean exit on SIGTERM, so that `node --cpu-prof` writes its profile (bench/profile.ts).
process.once("SIGTERM", () => void app.close().then(() => process.exit(0)));
