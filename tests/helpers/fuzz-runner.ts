import { eq } from "drizzle-orm";
import fc from "fast-check";
import type { FastifyInstance, InjectOptions } from "fastify";
import { expect } from "vitest";
import { first } from "../../server/db/query.ts";
import { media, users } from "../../server/db/schema.ts";
import { SESSION_COOKIE } from "../../server/http/session.ts";
import { uploadMedia } from "../../server/services/media/files.ts";
import { authenticateAccessToken } from "../../server/services/sessions/session.ts";
import { Ref, urlEncode } from "./fuzz.ts";
import type { Body, FilePart, FuzzCase, Part } from "./fuzz-requests.ts";
import { API, loginForm } from "./http.ts";
import { makeAnimated, makeGif, makeJpeg, makePng, makeWebp } from "./images.ts";
import { newSession, seedUser } from "./users.ts";

type Person = Awaited<ReturnType<typeof seedUser>>;
type Images = Record<"png" | "jpeg" | "gif" | "webp" | "animated-gif", Buffer>;

/**
 * The accounts and the file the fuzzed requests act on. A request may delete, deactivate,
 * demote or promote them, change their e-mail, or move or delete the file: after any
 * request that may have changed something they are checked and replaced, so one fuzzed
 * `deleteMe` does not turn the rest of the run into 401s.
 */
export class FuzzWorld {
	/** What the Refs that do not depend on the request stand for, as of the last repair. */
	private known: Omit<Record<Ref["kind"], string>, "self-id" | "self-email" | "access-token" | "refresh-token"> & {
		userEmail: string;
		adminEmail: string;
	} = {
		"other-id": "",
		"admin-id": "",
		"file-id": "",
		"file-url": "",
		"other-email": "",
		userEmail: "",
		adminEmail: "",
	};

	private constructor(
		readonly app: FastifyInstance,
		private user: Person,
		private other: Person,
		private admin: Person,
		private fileId: string,
		readonly images: Images,
	) {}

	static async create(app: FastifyInstance): Promise<FuzzWorld> {
		const images: Images = {
			png: await makePng(),
			jpeg: await makeJpeg(),
			gif: await makeGif(),
			webp: await makeWebp(),
			"animated-gif": await makeAnimated("gif"),
		};
		const user = await seedUser(app);
		const world = new FuzzWorld(app, user, await seedUser(app), await seedUser(app, { isSuperuser: true }), "", images);
		await world.repair();
		return world;
	}

	private async row(id: string) {
		return await first(this.app.deps.db.select().from(users).where(eq(users.id, id)));
	}

	/** Puts back what the last requests took away, and notes the ids, e-mails and URL as they are now. */
	async repair(): Promise<void> {
		const fits = async (person: Person, superuser: boolean) => {
			const row = await this.row(person.id);
			return row?.isActive === true && row.isSuperuser === superuser;
		};
		if (!(await fits(this.user, false))) this.user = await seedUser(this.app);
		if (!(await fits(this.other, false))) this.other = await seedUser(this.app);
		if (!(await fits(this.admin, true))) this.admin = await seedUser(this.app, { isSuperuser: true });
		let file = await first(this.app.deps.db.select().from(media).where(eq(media.id, this.fileId)));
		if (!file) {
			// A session of its own: the fuzzed requests may have ended the user's.
			const owner = await authenticateAccessToken(this.app.deps, (await newSession(this.app, this.user)).access_token);
			if (!owner) throw new Error("the fuzz user is gone");
			const uploaded = await uploadMedia(
				this.app.deps,
				owner,
				{ entity_type: "user", entity_id: owner.user.id },
				this.images.png,
			);
			this.fileId = uploaded.file_id;
			file = await first(this.app.deps.db.select().from(media).where(eq(media.id, this.fileId)));
		}
		this.known = {
			"other-id": this.other.id,
			"admin-id": this.admin.id,
			"file-id": this.fileId,
			"file-url": file ? `${API}/media/serve/${file.entityType}/${file.entityId}/${file.id}` : "",
			"other-email": (await this.row(this.other.id))?.email ?? "",
			userEmail: (await this.row(this.user.id))?.email ?? "",
			adminEmail: (await this.row(this.admin.id))?.email ?? "",
		};
	}

	/** A fresh session of the acting person, and what every Ref stands for now. */
	async context(c: FuzzCase) {
		const actor = c.auth === "admin" ? this.admin : this.user;
		const session = await newSession(this.app, actor, c.ip);
		const { userEmail, adminEmail, ...known } = this.known;
		const values: Record<Ref["kind"], string> = {
			...known,
			"self-id": actor.id,
			"self-email": actor === this.admin ? adminEmail : userEmail,
			"access-token": session.access_token,
			"refresh-token": session.refresh_token,
		};
		return { session, values };
	}
}

/** Replaces every Ref in a value by what it stands for. */
function resolve(value: unknown, values: Record<Ref["kind"], string>): unknown {
	if (value instanceof Ref) return values[value.kind];
	if (Array.isArray(value)) return value.map((item) => resolve(item, values));
	if (value && typeof value === "object" && !(value instanceof Uint8Array)) {
		const out: Record<string, unknown> = {};
		for (const [key, item] of Object.entries(value)) {
			Object.defineProperty(out, key, { value: resolve(item, values), enumerable: true, writable: true });
		}
		return out;
	}
	return value;
}

const asText = (value: unknown) => (typeof value === "string" ? value : (JSON.stringify(value) ?? ""));
/** Header values must be visible ASCII, or inject refuses to send them. */
const headerSafe = (value: string) => value.replace(/[^\x20-\x7e]/g, "?");

const OVERSIZE_FILE = Buffer.alloc(5 * 1024 * 1024 + 1, 0x41);
const OVERSIZE_BODY = JSON.stringify({ full_name: "x".repeat(1_100_000) });

function fileBytes(content: FilePart, images: Images): Buffer {
	if ("image" in content) return images[content.image];
	if ("truncated" in content) return images[content.truncated].subarray(0, content.keep);
	if ("bytes" in content) return Buffer.from(content.bytes);
	if ("text" in content) return Buffer.from(content.text);
	return OVERSIZE_FILE;
}

function multipartPayload(
	body: Extract<Body, { kind: "multipart" }>,
	values: Record<Ref["kind"], string>,
	images: Images,
) {
	const chunks: Buffer[] = [];
	for (const part of body.parts as Part[]) {
		if ("filename" in part) {
			chunks.push(
				Buffer.from(
					`--${body.boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
				),
				fileBytes(part.content, images),
				Buffer.from("\r\n"),
			);
		} else {
			const value = asText(resolve(part.value, values));
			chunks.push(
				Buffer.from(`--${body.boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${value}\r\n`),
			);
		}
	}
	if (body.mangle !== "no-closing") chunks.push(Buffer.from(`--${body.boundary}--\r\n`));
	let payload = Buffer.concat(chunks);
	if (body.mangle === "truncate") payload = payload.subarray(0, Math.floor(payload.length / 2));
	const boundary = body.mangle === "wrong-boundary" ? `${body.boundary}-not` : body.boundary;
	return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

function payloadOf(body: Body, values: Record<Ref["kind"], string>, images: Images) {
	switch (body.kind) {
		case "json": {
			const value = resolve(body.value, values);
			return { contentType: body.contentType, payload: value === undefined ? "" : JSON.stringify(value) };
		}
		case "form":
			return {
				contentType: body.contentType,
				payload: new URLSearchParams(
					body.fields.map(([key, value]) => [key, asText(resolve(value, values))]),
				).toString(),
			};
		case "multipart":
			return multipartPayload(body, values, images);
		case "raw":
			return { contentType: body.contentType, payload: body.text };
		case "deep":
			return { contentType: body.contentType, payload: `${"[".repeat(body.depth)}${"]".repeat(body.depth)}` };
		case "oversize":
			return { contentType: body.contentType, payload: OVERSIZE_BODY };
	}
}

/** The request `app.inject` sends for a case, with live ids, tokens and images in place. */
export async function toRequest(world: FuzzWorld, c: FuzzCase): Promise<InjectOptions> {
	const { session, values } = await world.context(c);
	const path = c.path.map((piece) => (piece instanceof Ref ? urlEncode(values[piece.kind]) : piece)).join("");
	const query =
		typeof c.query === "string"
			? c.query
			: c.query.map(([key, value]) => `${urlEncode(key)}=${urlEncode(asText(resolve(value, values)))}`).join("&");
	const headers: Record<string, string> = { ...c.headers };
	const origin = new URL(world.app.deps.config.publicUrl).origin;
	const secret = headerSafe(c.secret);
	if (c.auth === "user" || c.auth === "admin") headers.authorization = `Bearer ${session.access_token}`;
	if (c.auth === "user-cookie") Object.assign(headers, { cookie: `${SESSION_COOKIE}=${session.access_token}`, origin });
	if (c.auth === "user-cookie-cross-site")
		Object.assign(headers, { cookie: `${SESSION_COOKIE}=${session.access_token}`, origin: "https://evil.example" });
	if (c.auth === "garbage-bearer") headers.authorization = `Bearer ${secret}${"x".repeat(2000)}`;
	if (c.auth === "garbage-cookie") headers.cookie = `${SESSION_COOKIE}=%00%ff${secret}`;
	const request: InjectOptions = {
		method: c.method as InjectOptions["method"],
		url: `${path}${query ? `?${query}` : ""}`,
		remoteAddress: c.ip,
		headers,
	};
	if (c.body) {
		const { contentType, payload } = payloadOf(c.body, values, world.images);
		headers["content-type"] = contentType;
		request.payload = payload;
	}
	return request;
}

/** A case as text, short enough to read: long strings and bytes are summarised. */
export function describeCase(c: FuzzCase): string {
	return JSON.stringify(c, (_key, value) => {
		if (value instanceof Uint8Array) return `<${value.length} bytes>`;
		if (typeof value === "string" && value.length > 120) return `${value.slice(0, 60)}…<${value.length} chars>`;
		return value;
	});
}

export type FuzzReport = {
	seed: number;
	requests: number;
	statuses: Map<number, number>;
	byRoute: Map<string, number>;
	failures: string[];
};

/**
 * Sends `runs` requests drawn from `cases` with fast-check, seeded, one after another,
 * and collects every 5xx (one bug hides no other), each with the seed and case number
 * that generate it again. FUZZ_SEED=<n> runs another seed; FUZZ_CASE=<i> (with the
 * seed printed) runs only case i and prints it in full.
 */
export async function fuzz(
	app: FastifyInstance,
	cases: fc.Arbitrary<FuzzCase>,
	options: { name: string; seed: number; runs: number },
): Promise<FuzzReport> {
	const world = await FuzzWorld.create(app);
	const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : options.seed;
	const only = process.env.FUZZ_CASE;
	const report: FuzzReport = { seed, requests: 0, statuses: new Map(), byRoute: new Map(), failures: [] };
	let index = only ? Number(only) : 0;
	let changed = false;
	const started = { at: performance.now(), cpu: process.cpuUsage() };
	await fc.assert(
		fc.asyncProperty(cases, async (c) => {
			const number = index++;
			if (changed) await world.repair();
			const res = await app.inject(await toRequest(world, c));
			// Only a write that went through can have changed the accounts or the file.
			changed = c.method !== "GET" && res.statusCode < 300;
			report.requests++;
			report.statuses.set(res.statusCode, (report.statuses.get(res.statusCode) ?? 0) + 1);
			report.byRoute.set(c.route, (report.byRoute.get(c.route) ?? 0) + 1);
			if (only) console.info(`case ${number}: ${describeCase(c)}\n-> ${res.statusCode} ${res.body.slice(0, 500)}`);
			if (res.statusCode >= 500) {
				report.failures.push(
					`${c.route} -> ${res.statusCode} ${res.body.slice(0, 200)}\n` +
						`  replay: FUZZ_SEED=${seed} FUZZ_CASE=${number} (fuzz "${options.name}")\n  case: ${describeCase(c)}`,
				);
			}
			return true;
		}),
		{ seed, numRuns: only ? 1 : options.runs, path: only ?? undefined, endOnFailure: true },
	);
	const statuses = [...report.statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
	const cpu = process.cpuUsage(started.cpu);
	const seconds = (ms: number) => (ms / 1000).toFixed(1);
	console.info(
		`fuzz "${options.name}": ${report.requests} requests, seed ${seed}, ${seconds(performance.now() - started.at)} s ` +
			`(${seconds((cpu.user + cpu.system) / 1000)} s of CPU); statuses { ${statuses.join(", ")} }`,
	);
	return report;
}

/** The app still answers: the health check, and a real login (REST and tRPC) of a new account. */
export async function expectAlive(app: FastifyInstance): Promise<void> {
	expect((await app.inject({ method: "GET", url: `${API}/utils/health-check/` })).statusCode).toBe(200);
	const person = await seedUser(app);
	const rest = await loginForm(app, person.email, person.password, { ip: "192.0.2.200" });
	expect(rest.statusCode).toBe(200);
	const me = await app.inject({
		method: "GET",
		url: `${API}/users/me`,
		headers: { authorization: `Bearer ${rest.json().access_token}` },
	});
	expect(me.json().email).toBe(person.email);
	const trpc = await app.inject({
		method: "POST",
		url: "/trpc/auth.login",
		remoteAddress: "192.0.2.201",
		headers: { "content-type": "application/json" },
		payload: JSON.stringify({ username: person.email, password: person.password }),
	});
	expect(trpc.statusCode).toBe(200);
}
