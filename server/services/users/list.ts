import { and, count, eq, inArray, ne, not, or, type SQL, sql } from "drizzle-orm";
import type { UserListQuery } from "../../../shared/schemas/user-list.ts";
import type { AdminUsers } from "../../../shared/schemas/users.ts";
import { fragmentsOf } from "../../db/dialect/index.ts";
import { first } from "../../db/query.ts";
import { type UserRow, userCount, userIdentities, users } from "../../db/schema.ts";
import { NO_PASSWORD } from "../../lib/passwords.ts";
import type { ServiceDeps } from "../deps.ts";
import { toUserPublic } from "./records.ts";

/**
 * A page of users, searched, filtered and sorted; `count` counts every row that matches.
 * Without a search or filter it is everyone, newest first, as it always was.
 */
export async function listUsers({ db }: ServiceDeps, query: UserListQuery): Promise<AdminUsers> {
	const dialect = fragmentsOf(db);
	const where = and(
		query.role === undefined ? undefined : eq(users.isSuperuser, query.role === "superuser"),
		query.status === undefined ? undefined : statusFilter[query.status],
		query.verified === undefined ? undefined : eq(users.emailVerified, query.verified),
		query.q === undefined ? undefined : (await dialect.userSearch(db, query.q)).matches,
	);
	const rows = await db
		.select()
		.from(users)
		.where(where)
		.orderBy(...dialect.userOrder(query.sort))
		.limit(query.limit)
		.offset(query.skip);
	return { data: await toAdminUsers(db, rows), count: await total(db, where, query.skip, rows.length, query.limit) };
}

/**
 * How many users match. A page that is not full (and not past the end) ends the list, so it
 * says the total without counting: most searches are one such page. Everyone's total is the
 * row the triggers keep (docs/decisions/036): counting is a scan on PostgreSQL (MVCC).
 */
async function total(db: ServiceDeps["db"], where: SQL | undefined, skip: number, listed: number, limit: number) {
	if (listed < limit && (listed > 0 || skip === 0)) return skip + listed;
	if (where === undefined) {
		const kept = await first(db.select({ value: userCount.users }).from(userCount).where(eq(userCount.id, 1)));
		if (kept !== undefined) return kept.value;
	}
	return (await first(db.select({ value: count() }).from(users).where(where)))?.value ?? 0;
}

/** The account signs in through a provider (sign-up through it leaves no password). */
const hasIdentity = sql`exists (select 1 from ${userIdentities} where ${userIdentities.userId} = ${users.id})`;

/**
 * The status filter: an invitation is an active account without a password yet and no
 * identity at a provider (one signed up through a provider has no password either).
 */
const statusFilter: Record<NonNullable<UserListQuery["status"]>, SQL | undefined> = {
	active: and(eq(users.isActive, true), or(ne(users.hashedPassword, NO_PASSWORD), hasIdentity)),
	invited: and(eq(users.isActive, true), eq(users.hashedPassword, NO_PASSWORD), not(hasIdentity)),
	inactive: eq(users.isActive, false),
};

/** The page's rows with their `invited` flag (the status filter's rule). */
async function toAdminUsers(db: ServiceDeps["db"], rows: UserRow[]) {
	const withoutPassword = rows.filter((row) => row.hashedPassword === NO_PASSWORD).map((row) => row.id);
	const linked = new Set(
		withoutPassword.length === 0
			? []
			: (
					await db
						.selectDistinct({ userId: userIdentities.userId })
						.from(userIdentities)
						.where(inArray(userIdentities.userId, withoutPassword))
				).map((row) => row.userId),
	);
	return rows.map((row) => ({
		...toUserPublic(row),
		invited: row.hashedPassword === NO_PASSWORD && !linked.has(row.id),
	}));
}
