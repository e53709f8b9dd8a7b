import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { verify } from "@node-rs/argon2";
import Database from "better-sqlite3";
import Fastify from "fastify";

/**
 * The peer Portico's REST path is held against: plain Fastify doing the same session
 * check (one SQLite join by token id, a SHA-256 compared in constant time), no framework
 * around it. What Portico costs beyond this is ours.
 *
 * It also logs in as plainly as a login can: the user read by e-mail, argon2id's verify
 * (at most 4 at once, as Portico's pool), one session row written durably (WAL,
 * synchronous=FULL) to a file of its own, the token answered. No throttling, no audit row.
 */
const db = new Database(process.env.DATABASE_PATH as string, { readonly: true });
const byEmail = db.prepare("select id, hashed_password from users where email = ?");
const sessionsFile = new Database(process.env.PEER_SESSIONS_PATH as string);
sessionsFile.pragma("journal_mode = WAL");
sessionsFile.pragma("synchronous = FULL");
sessionsFile.exec(
	"create table if not exists sessions (id text primary key, user_id text not null, access_hash blob not null, created_at integer not null)",
);
const insertSession = sessionsFile.prepare("insert into sessions values (?, ?, ?, ?)");

const HASHES_IN_FLIGHT = 4;
let hashing = 0;
const waiting: (() => void)[] = [];
async function verifyInPool(hash: string, password: string): Promise<boolean> {
	if (hashing >= HASHES_IN_FLIGHT) await new Promise<void>((resolve) => waiting.push(resolve));
	hashing++;
	try {
		return await verify(hash, password).catch(() => false);
	} finally {
		hashing--;
		waiting.shift()?.();
	}
}
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
app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) =>
	done(null, Object.fromEntries(new URLSearchParams(body as string))),
);
app.post("/login/access-token", async (request, reply) => {
	const { username = "", password = "" } = request.body as Record<string, string>;
	const user = byEmail.get(username.trim().toLowerCase()) as { id: string; hashed_password: string } | undefined;
	if (!user || !(await verifyInPool(user.hashed_password, password)))
		return reply.status(400).send({ detail: "Incorrect email or password" });
	const id = randomBytes(16).toString("hex");
	const secret = randomBytes(32).toString("hex");
	insertSession.run(id, user.id, createHash("sha256").update(secret).digest(), Date.now());
	return { access_token: `${id}.${secret}`, token_type: "bearer" };
});
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
