import { and, count, eq, ne, type SQL } from "drizzle-orm";
import type { UserListQuery } from "../../../shared/schemas/user-list.ts";
import type { AdminUsers } from "../../../shared/schemas/users.ts";
import { first } from "../../db/query.ts";
import { type UserRow, users } from "../../db/schema.ts";
import { NO_PASSWORD } from "../../lib/passwords.ts";
import type { ServiceDeps } from "../deps.ts";
import { toUserPublic } from "./records.ts";
import { userOrder, userSearch } from "./search.ts";

/**
 * A page of users, searched, filtered and sorted; `count` counts every row that matches.
 * Without a search or filter it is everyone, newest first, as it always was.
 */
export async function listUsers({ db }: ServiceDeps, query: UserListQuery): Promise<AdminUsers> {
	const where = and(
		query.role === undefined ? undefined : eq(users.isSuperuser, query.role === "superuser"),
		query.status === undefined ? undefined : statusFilter[query.status],
		query.verified === undefined ? undefined : eq(users.emailVerified, query.verified),
		query.q === undefined ? undefined : (await userSearch(db, query.q)).matches,
	);
	const total = (await first(db.select({ value: count() }).from(users).where(where)))?.value ?? 0;
	if (total === 0 || query.skip >= total) return { data: [], count: total };
	const rows = await db
		.select()
		.from(users)
		.where(where)
		.orderBy(...userOrder(query.sort))
		.limit(query.limit)
		.offset(query.skip);
	return { data: rows.map(toAdminUser), count: total };
}

/** The status filter: an invitation is an active account without a password yet. */
const statusFilter: Record<NonNullable<UserListQuery["status"]>, SQL | undefined> = {
	active: and(eq(users.isActive, true), ne(users.hashedPassword, NO_PASSWORD)),
	invited: and(eq(users.isActive, true), eq(users.hashedPassword, NO_PASSWORD)),
	inactive: eq(users.isActive, false),
};

const toAdminUser = (row: UserRow) => ({ ...toUserPublic(row), invited: row.hashedPassword === NO_PASSWORD });
