import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import type { Db } from "../../../server/db/client.ts";
import { first } from "../../../server/db/query.ts";
import { users } from "../../../server/db/schema.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { onPostgres } from "../../helpers/engine.ts";
import { api } from "../../helpers/http.ts";
import { rawAll, rawRun } from "../../helpers/raw-sql.ts";
import { query } from "../../helpers/trpc.ts";
import { seedAdmin, seedUser } from "../../helpers/users.ts";

/** SQLite's FTS5 table agrees with `users` (PostgreSQL's trigram indexes are the table's own, nothing to check). */
async function expectSearchIndexIntact(db: Db) {
	if (!onPostgres) await rawRun(db, "INSERT INTO users_search(users_search) VALUES ('integrity-check')");
}

type Listed = { data: { email: string; full_name: string | null }[]; count: number };

/** A row without a session or a real hash: enough for a list, and quick to make by the hundred. */
async function insertUser(
	app: FastifyInstance,
	values: {
		email: string;
		fullName?: string | null;
		isSuperuser?: boolean;
		isActive?: boolean;
		emailVerified?: boolean;
		createdAt: number;
	},
) {
	await app.deps.db.insert(users).values({
		id: randomUUID(),
		hashedPassword: "not-a-hash",
		fullName: null,
		isSuperuser: false,
		isActive: true,
		emailVerified: true,
		...values,
	});
}

/**
 * The admin (oldest) and six users a second apart, each differing in what the filters
 * look at. Ada and Zoé share a created_at with the next one to test ties.
 */
async function world() {
	const testApp = await buildTestApp();
	const { app, now } = testApp;
	const admin = await seedAdmin(app);
	const at = (seconds: number) => now() + seconds * 1000;
	await insertUser(app, { email: "ada@lovelace.org", fullName: "Ada Lovelace", createdAt: at(1) });
	await insertUser(app, { email: "bob@example.com", fullName: "bob marley", isActive: false, createdAt: at(2) });
	await insertUser(app, {
		email: "carol@example.com",
		fullName: "Carol 100% Sure",
		emailVerified: false,
		createdAt: at(3),
	});
	await insertUser(app, { email: "dan_d@example.com", fullName: null, isSuperuser: true, createdAt: at(4) });
	await insertUser(app, { email: "zoe@example.fr", fullName: "Zoé Élodie", emailVerified: false, createdAt: at(4) });
	await insertUser(app, { email: "erin@example.com", fullName: "ÉRIN Ünal", createdAt: at(5) });
	const list = async (params: string) => {
		const res = await api(app, "GET", `/users/?${params}`, { headers: admin.headers });
		expect(res.statusCode, `${params}: ${res.body}`).toBe(200);
		return res.json() as Listed;
	};
	const emails = async (params: string) => (await list(params)).data.map((user) => user.email);
	return { ...testApp, admin, list, emails };
}

describe("GET /users/ search, filters and sort", () => {
	it("q: a case-insensitive substring of the e-mail or the name, short or long, Unicode letters too", async () => {
		const { emails } = await world();
		expect(await emails("q=LOVELACE")).toEqual(["ada@lovelace.org"]);
		expect(await emails("q=ample.c")).toEqual([
			"erin@example.com",
			"dan_d@example.com",
			"carol@example.com",
			"bob@example.com",
			"admin@example.com",
		]);
		expect(await emails("q=MARL")).toEqual(["bob@example.com"]);
		// Accented capitals fold as the lower-case ones, through the index (3+) and the scan (1-2).
		expect(await emails("q=%C3%A9LODIE")).toEqual(["zoe@example.fr"]); // éLODIE
		expect(await emails("q=%C3%A9r")).toEqual(["erin@example.com"]); // ér -> ÉRIN
		expect(await emails("q=%C3%BC")).toEqual(["erin@example.com"]); // ü -> Ünal
		expect(await emails("q=zo")).toEqual(["zoe@example.fr"]);
		expect(await emails("q=x")).toEqual([
			"erin@example.com",
			"zoe@example.fr",
			"dan_d@example.com",
			"carol@example.com",
			"bob@example.com",
			"admin@example.com",
		]);
		expect(await emails("q=nobody-here")).toEqual([]);
		// A double quote cannot break out of the index's phrase.
		expect(await emails(`q=${encodeURIComponent('"ada" OR "bob"')}`)).toEqual([]);
		expect(await emails(`q=${encodeURIComponent('a"')}`)).toEqual([]);
	});

	it("q: % and _ are plain characters, not wildcards", async () => {
		const { emails } = await world();
		expect(await emails("q=%25")).toEqual(["carol@example.com"]);
		expect(await emails("q=100%25")).toEqual(["carol@example.com"]);
		expect(await emails("q=_")).toEqual(["dan_d@example.com"]);
		expect(await emails("q=n_d")).toEqual(["dan_d@example.com"]);
		expect(await emails("q=a%25e")).toEqual([]);
		expect(await emails("q=a_a")).toEqual([]);
	});

	it("q: surrounding spaces are ignored and an empty q is no search", async () => {
		const { list, emails } = await world();
		expect(await emails("q=%20%20marley%20")).toEqual(["bob@example.com"]);
		expect(await list("q=")).toEqual(await list(""));
		expect(await list("q=%20%20")).toEqual(await list(""));
	});

	it("role, status and verified filter, alone and together with q", async () => {
		const { emails } = await world();
		expect(await emails("role=superuser")).toEqual(["dan_d@example.com", "admin@example.com"]);
		expect(await emails("role=user")).toEqual([
			"erin@example.com",
			"zoe@example.fr",
			"carol@example.com",
			"bob@example.com",
			"ada@lovelace.org",
		]);
		expect(await emails("status=inactive")).toEqual(["bob@example.com"]);
		expect((await emails("status=active")).length).toBe(6);
		expect(await emails("verified=false")).toEqual(["zoe@example.fr", "carol@example.com"]);
		expect((await emails("verified=true")).length).toBe(5);
		expect(await emails("q=example&role=user&status=active&verified=true")).toEqual(["erin@example.com"]);
		expect(await emails("q=example.c&verified=false")).toEqual(["carol@example.com"]);
	});

	it("count counts every match, not the page", async () => {
		const { list } = await world();
		expect(await list("q=example&limit=2")).toMatchObject({ count: 6 });
		expect((await list("q=example&limit=2")).data).toHaveLength(2);
		expect(await list("q=example&skip=5&limit=2")).toMatchObject({ count: 6 });
		expect((await list("q=example&skip=5&limit=2")).data).toHaveLength(1);
		expect(await list("q=example&skip=50")).toEqual({ data: [], count: 6 });
		expect(await list("role=user&verified=false&limit=1")).toMatchObject({ count: 2 });
		expect(await list("q=zzz")).toEqual({ data: [], count: 0 });
	});

	it("sort: created_at, email and full_name each way; names A-z whatever their case; ties keep one order", async () => {
		const { emails } = await world();
		const all = ["admin", "ada", "bob", "carol", "dan_d", "zoe", "erin"];
		const byCreation = await emails("sort=created_at");
		expect(byCreation.map((email) => email.split("@")[0])).toEqual(all);
		expect(await emails("sort=-created_at")).toEqual([...byCreation].reverse());
		const byEmail = await emails("sort=email");
		expect(byEmail).toEqual([...byEmail].sort());
		expect(await emails("sort=-email")).toEqual([...byEmail].reverse());
		// No name first; then Ada, bob (lower case), Carol, Test User, Zoé; ÉRIN after Z (beyond ASCII, by code point).
		expect(await emails("sort=full_name")).toEqual([
			"dan_d@example.com",
			"ada@lovelace.org",
			"bob@example.com",
			"carol@example.com",
			"admin@example.com",
			"zoe@example.fr",
			"erin@example.com",
		]);
		expect(await emails("sort=-full_name")).toEqual([...(await emails("sort=full_name"))].reverse());
		expect(await emails("q=example&sort=email&limit=2")).toEqual(["admin@example.com", "bob@example.com"]);
	});

	it("absent parameters keep the list as it always was: newest first, ties by insertion, newest first", async () => {
		const { list, db } = await world();
		const before = await rawAll<{ email: string }>(
			db,
			"SELECT email FROM users ORDER BY created_at DESC, rowid DESC LIMIT 4 OFFSET 1",
		);
		const plain = await list("skip=1&limit=4");
		expect(plain.data.map((user) => user.email)).toEqual(before.map((row) => row.email));
		expect(plain.count).toBe(7);
		expect(await list("skip=1&limit=4&sort=-created_at")).toEqual(plain);
		expect(await list("")).toEqual(await list("skip=0&limit=100&sort=-created_at"));
	});

	it("refuses any other value of an enumerated parameter, and a q over 255, with a 422 at query", async () => {
		const { app, admin } = await world();
		const cases: [string, string, string][] = [
			["role=admin", "role", "Must be superuser or user"],
			["role=", "role", "Must be superuser or user"],
			["role=Superuser", "role", "Must be superuser or user"],
			["status=enabled", "status", "Must be active, inactive or invited"],
			["verified=1", "verified", "Must be true or false"],
			["verified=yes", "verified", "Must be true or false"],
			["sort=name", "sort", "Must be created_at, email or full_name, with a leading - for descending"],
			["sort=%2Bemail", "sort", "Must be created_at, email or full_name, with a leading - for descending"],
			["sort=--email", "sort", "Must be created_at, email or full_name, with a leading - for descending"],
			[`q=${"a".repeat(256)}`, "q", "Must be no more than 255 characters"],
		];
		for (const [params, param, msg] of cases) {
			const res = await api(app, "GET", `/users/?${params}`, { headers: admin.headers });
			expect(res.statusCode, params).toBe(422);
			expect(res.json().detail, params).toEqual([
				expect.objectContaining({ loc: ["query", param], msg, type: param === "q" ? "string_too_long" : "enum" }),
			]);
		}
		// A user who is not an admin is refused before the query is looked at.
		const user = await seedUser(app);
		expect((await api(app, "GET", "/users/?role=nope", { headers: user.headers })).statusCode).toBe(403);
	});

	it("refuses a q with a control character (NUL, tab, line break) with a 422 at query, on REST and tRPC", async () => {
		const { app, admin } = await world();
		// No name or e-mail holds one (both schemas refuse them), so such a search is a mistake to name, not an empty page.
		for (const q of ["ab%00", "%00", "lovelace%00x", "a%09b", "a%0Ab", "%C2%85ab"]) {
			const res = await api(app, "GET", `/users/?q=${q}`, { headers: admin.headers });
			expect(res.statusCode, `${q}: ${res.body}`).toBe(422);
			expect(res.json().detail, q).toEqual([
				expect.objectContaining({ loc: ["query", "q"], msg: "Must be one line, without control characters" }),
			]);
		}
		for (const q of ["ab\u0000", "\u0000", "abc\u0000def"]) {
			const res = await query(app, "admin.list", { q }, { headers: admin.headers });
			expect(res.status, JSON.stringify(res.error)).toBe(400);
			expect(res.error).toMatchObject({ code: "BAD_REQUEST" });
			expect(JSON.stringify(res.error?.issues)).toContain("noControlCharacters");
		}
	});

	it("finds users as they are now: after a rename, a new e-mail and a deletion", async () => {
		const { app, emails, db } = await world();
		const ada = await first(db.select().from(users).where(eq(users.email, "ada@lovelace.org")));
		if (!ada) throw new Error("no Ada");
		await db.update(users).set({ fullName: "Augusta King" }).where(eq(users.id, ada.id));
		expect(await emails("q=lovelace")).toEqual(["ada@lovelace.org"]);
		expect(await emails("q=augusta")).toEqual(["ada@lovelace.org"]);
		expect(await emails("q=Ada%20Love")).toEqual([]);
		await db.update(users).set({ email: "augusta@king.org" }).where(eq(users.id, ada.id));
		expect(await emails("q=lovelace")).toEqual([]);
		expect(await emails("q=king.org")).toEqual(["augusta@king.org"]);
		await db.update(users).set({ isActive: false }).where(eq(users.id, ada.id));
		expect(await emails("q=augusta")).toEqual(["augusta@king.org"]);
		await db.delete(users).where(eq(users.id, ada.id));
		expect(await emails("q=augusta")).toEqual([]);
		await insertUser(app, { email: "new@lovelace.org", createdAt: 0 });
		expect(await emails("q=lovelace")).toEqual(["new@lovelace.org"]);
		await expectSearchIndexIntact(db);
	});

	it("keeps finding the right users after the database is vacuumed (the index is keyed by rowid)", async () => {
		const { app, emails, db } = await world();
		for (let i = 0; i < 50; i++) await insertUser(app, { email: `filler-${i}@example.org`, createdAt: i });
		await db.delete(users).where(sql`${users.email} LIKE 'filler-%'`);
		await rawRun(db, "VACUUM");
		expect(await emails("q=lovelace")).toEqual(["ada@lovelace.org"]);
		expect(await emails("q=marley")).toEqual(["bob@example.com"]);
		await expectSearchIndexIntact(db);
	});

	it("tRPC admin.list takes the same parameters over the same service", async () => {
		const { app, admin, list } = await world();
		const input = { q: "example", role: "user", status: "active", sort: "email", limit: 2 } as const;
		const res = await query(app, "admin.list", input, { headers: admin.headers });
		expect(res.data).toEqual(await list("q=example&role=user&status=active&sort=email&limit=2"));
		const bad = await query(app, "admin.list", { sort: "name" } as never, { headers: admin.headers });
		expect(bad.error).toMatchObject({ code: "BAD_REQUEST" });
	});
});
