import { count, eq } from "drizzle-orm";
import { fragmentsOf } from "../../db/dialect/index.ts";
import { first } from "../../db/query.ts";
import { passkeys, userIdentities, users } from "../../db/schema.ts";
import { assertInsideTransaction } from "../../db/transaction.ts";
import { fail } from "../../domain/errors.ts";
import { NO_PASSWORD } from "../../lib/passwords.ts";
import type { ServiceDeps } from "../deps.ts";

/** The ways into an account: a password (not the invited account's NO_PASSWORD), passkeys, linked identities. */
export type WaysIn = { password: boolean; passkeys: number; identities: number };

export async function waysInOf({ db }: ServiceDeps, userId: string): Promise<WaysIn> {
	const user = await first(db.select({ hash: users.hashedPassword }).from(users).where(eq(users.id, userId)));
	const keys = await first(db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId)));
	const linked = await first(db.select({ n: count() }).from(userIdentities).where(eq(userIdentities.userId, userId)));
	return {
		password: user !== undefined && user.hash !== NO_PASSWORD,
		passkeys: Number(keys?.n ?? 0),
		identities: Number(linked?.n ?? 0),
	};
}

/**
 * Before removing a way in (a passkey, a linked identity), inside the write's transaction:
 * the user's row is locked, so that two removals of that user's credentials (two tabs)
 * count one after the other (docs/decisions/039).
 */
export async function lockAccount(deps: ServiceDeps, userId: string): Promise<void> {
	assertInsideTransaction(deps.db, "lockAccount");
	await fragmentsOf(deps.db).lockUserRow(deps.db, userId);
}

/**
 * After the removal, in the same transaction: refuses (and so rolls the removal back) when
 * the account has no way in left. Counted after the delete, so what is counted is exactly
 * what the transaction commits.
 */
export async function assertWayInLeft(deps: ServiceDeps, userId: string): Promise<void> {
	assertInsideTransaction(deps.db, "assertWayInLeft");
	const ways = await waysInOf(deps, userId);
	if (!ways.password && ways.passkeys === 0 && ways.identities === 0) fail("LAST_SIGN_IN_METHOD");
}
