import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, migrateDatabase, openDatabase } from "../../../server/db/client.ts";
import { databaseKindOf, dialectFragments } from "../../../server/db/dialect/index.ts";
import { users as pgUsers } from "../../../server/db/schema.pg.ts";
import { users } from "../../../server/db/schema.sqlite.ts";
import { bindTablesTo } from "../../../server/db/schema.ts";
import { atomically } from "../../../server/db/transaction.ts";
import { RECENT_SIGNUPS_DAYS, usersSummary } from "../../../server/services/dashboard.ts";
import type { ServiceDeps } from "../../../server/services/deps.ts";
import { listUsers } from "../../../server/services/users/list.ts";
import { BROAD, userSearch } from "../../../server/services/users/search.ts";
import { type UserListParams, userListQuerySchema, userSorts } from "../../../shared/schemas/user-list.ts";
import { type SearchCluster, startSearchCluster } from "./search-cluster.ts";

// Names in several cases and scripts, literal %, _ and \, and no name at all.
const FIRST = [
	"Ada",
	"ada",
	"ADA",
	"Bob",
	"Chloé",
	"Émile",
	"ÉMILE",
	"élodie",
	"Zoë",
	"ÅSA",
	"Σοφία",
	"Nguyễn",
	"Œdipe",
];
const LAST = ["Martin", "smith", "Nguyen", "García", "O'Brien", "MÜLLER", "100%_sure", "under_score", "back\\slash"];
const NOW = 1_800_000_000_000;
const DAY = 86_400_000;

/** More users than BROAD, so broad searches take SQLite's scan; in insertion (rowid) order. */
function directory(): (typeof users.$inferInsert)[] {
	return Array.from({ length: BROAD + 300 }, (_, i) => ({
		id: `user-${String(i).padStart(5, "0")}`,
		email: `${i % 7 === 0 ? "p_" : i % 5 === 0 ? "p%" : "person-"}${i}@${i % 3 === 0 ? "example.com" : "corp.example"}`,
		fullName: i % 11 === 0 ? null : `${FIRST[i % FIRST.length]} ${LAST[i % LAST.length]}`,
		hashedPassword: "not-a-hash",
		isActive: i % 13 !== 0,
		emailVerified: i % 2 === 0,
		// Pairs share a creation time, so ties are broken by insertion order; the last 40 span the last 10 days.
		createdAt: i < BROAD + 260 ? NOW - 30 * DAY + Math.floor(i / 2) * 1000 : NOW - ((BROAD + 300 - i) * DAY) / 4,
	}));
}

/** Searches: 1-2 characters, broad, Unicode in either case, LIKE's own characters, no match. */
const SEARCHES = [
	"a",
	"É",
	"é",
	"ng",
	"_",
	"%",
	"\\",
	"émile",
	"ÉMILE",
	"élodie",
	"ÉLODIE",
	"Élo",
	"müller",
	"åsa",
	"ΣΟΦ",
	"σοφία",
	"nguyễn",
	"NGUYỄN",
	"œdipe",
	"0%_s",
	"%_s",
	"r_s",
	"p_1",
	"p%",
	"p%1",
	"k\\s",
	"o'brien",
	"person-",
	"example",
	"corp.example",
	"person-12",
	"nguyen",
	"zzz",
];

let cluster: SearchCluster;
let sqliteDb: Db;

beforeAll(async () => {
	const rows = directory();
	// SQLite as the test app opens it (buildTestApp closes its apps after each test; these rows serve the whole file).
	sqliteDb = openDatabase(":memory:");
	await migrateDatabase(sqliteDb);
	cluster = await startSearchCluster();
	await atomically({ db: sqliteDb }, async ({ db: tx }) => {
		for (const row of rows) await tx.insert(users).values(row);
	});
	for (let i = 0; i < rows.length; i += 1000) await cluster.db.insert(pgUsers).values(rows.slice(i, i + 1000));
	await cluster.pool.query("ANALYZE users");
}, 120_000);

afterAll(async () => {
	sqliteDb?.$client.close();
	await cluster?.stop();
});

/** A service call on one engine, with the services' tables bound to its dialect as the server binds them at start. */
async function on<T>(dialect: "sqlite" | "postgres", run: (deps: ServiceDeps) => Promise<T>): Promise<T> {
	bindTablesTo(dialect);
	try {
		return await run({ db: dialect === "sqlite" ? sqliteDb : cluster.servicesDb, clock: () => NOW } as ServiceDeps);
	} finally {
		bindTablesTo("sqlite");
	}
}
const onPostgres = <T>(run: (deps: ServiceDeps) => Promise<T>) => on("postgres", run);

/** The same service call on SQLite, then on PostgreSQL (one after the other: the tables' binding is the process's). */
const onBoth = async <T>(run: (deps: ServiceDeps) => Promise<T>): Promise<[T, T]> => [
	await on("sqlite", run),
	await onPostgres(run),
];

const ids = (page: Awaited<ReturnType<typeof listUsers>>) => ({ count: page.count, ids: page.data.map((u) => u.id) });

describe("the admin list and search read alike on SQLite and PostgreSQL", () => {
	it("each handle names its engine", () => {
		expect([databaseKindOf(sqliteDb), databaseKindOf(cluster.servicesDb)]).toEqual(["sqlite", "postgres"]);
	});

	it.each(SEARCHES)("search %j: the same users, counted alike, in every sort and through either way", async (q) => {
		for (const sort of userSorts) {
			for (const params of [{ limit: "25" }, { limit: "10", skip: "40" }, { limit: "1000" }] as UserListParams[]) {
				const query = userListQuerySchema.parse({ q, sort, ...params });
				const [onSqlite, onPostgres] = await onBoth(async (deps) => ids(await listUsers(deps, query)));
				expect(onPostgres, `${sort} ${JSON.stringify(params)}`).toEqual(onSqlite);
			}
		}
		// PostgreSQL's own two ways agree too (SQLite's are compared in tests/unit/server/user-search.test.ts).
		const pg = dialectFragments("postgres");
		const found = async (search: ReturnType<typeof pg.indexedSearch>) =>
			(await cluster.db.select({ id: pgUsers.id }).from(pgUsers).where(search.matches).orderBy(pgUsers.id)).map(
				(row) => row.id,
			);
		expect(await found(pg.scannedSearch(q))).toEqual(await found(pg.indexedSearch(q)));
	});

	it("short, broad and Unicode searches are not vacuous", async () => {
		const count = async (q: string) =>
			(await onPostgres((deps) => listUsers(deps, userListQuerySchema.parse({ q, limit: "1" })))).count;
		expect(await count("ÉMILE")).toBeGreaterThan(0);
		expect(await count("ÉMILE")).toBe(await count("émile"));
		expect(await count("%")).toBeGreaterThan(0);
		expect(await count("%")).toBeLessThan(BROAD);
		// Short searches scan; broad ones still read the index on PostgreSQL (server/db/dialect/postgres.ts).
		const kind = (q: string) => onPostgres(async ({ db }) => (await userSearch(db, q)).kind);
		expect(await kind("é")).toBe("scan");
		expect(await kind("example")).toBe("index");
		expect(await kind("nguyen")).toBe("index");
	});

	it("filters and sorts: NULL names first ascending and last descending, ties on creation by insertion", async () => {
		for (const sort of userSorts) {
			for (const filter of [
				{},
				{ status: "inactive" },
				{ verified: "true", role: "user" },
				{ status: "active", q: "martin" },
			]) {
				const query = userListQuerySchema.parse({ sort, limit: "30", ...filter });
				const [onSqlite, onPostgres] = await onBoth(async (deps) => ids(await listUsers(deps, query)));
				expect(onPostgres, `${sort} ${JSON.stringify(filter)}`).toEqual(onSqlite);
			}
		}
		const byName = await onPostgres((deps) =>
			listUsers(deps, userListQuerySchema.parse({ sort: "full_name", limit: "1" })),
		);
		expect(byName.data[0]?.full_name).toBeNull();
		const byNameDown = await onPostgres((deps) =>
			listUsers(deps, userListQuerySchema.parse({ sort: "-full_name", limit: "1", skip: String(BROAD + 299) })),
		);
		expect(byNameDown.data[0]?.full_name).toBeNull();
		const oldest = await onPostgres((deps) =>
			listUsers(deps, userListQuerySchema.parse({ sort: "created_at", limit: "2" })),
		);
		expect(oldest.data.map((u) => u.id)).toEqual(["user-00000", "user-00001"]);
	});

	it("PostgreSQL walks an index for every sort's page and reads the trigram indexes for a search", async () => {
		const pg = dialectFragments("postgres");
		/** The plan with sequential scans priced out: a scan left in it means no index can serve the expression. */
		const plan = async (query: { toSQL(): { sql: string; params: unknown[] } }) => {
			const { sql, params } = query.toSQL();
			const client = await cluster.pool.connect();
			try {
				await client.query("SET enable_seqscan = off");
				const result = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN ${sql}`, params);
				return result.rows.map((row) => row["QUERY PLAN"]).join("\n");
			} finally {
				await client.query("RESET enable_seqscan");
				client.release();
			}
		};
		const page = (sort: (typeof userSorts)[number]) =>
			cluster.db
				.select({ id: pgUsers.id })
				.from(pgUsers)
				.orderBy(...pg.userOrder(sort))
				.limit(25);
		for (const sort of userSorts) expect(await plan(page(sort)), sort).not.toMatch(/Sort|Seq Scan/);
		const search = cluster.db.select({ id: pgUsers.id }).from(pgUsers).where(pg.indexedSearch("person-1234").matches);
		expect(await plan(search)).toMatch(/users_email_trgm_idx[\s\S]*users_full_name_trgm_idx/);
	});

	it("the dashboard's counts", async () => {
		const [onSqlite, onPostgres] = await onBoth((deps) => usersSummary(deps));
		expect(onPostgres).toEqual(onSqlite);
		expect(onSqlite.signups_last_7_days).toBeGreaterThan(0);
		expect(onSqlite.signups_last_7_days).toBeLessThan(40);
		expect(RECENT_SIGNUPS_DAYS).toBe(7);
	});
});
