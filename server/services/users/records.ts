import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { CONTROL_CHARACTERS } from "../../../shared/schemas/fields.ts";
import type { UserPublic } from "../../../shared/schemas/users.ts";
import { first } from "../../db/query.ts";
import { resetTokens, type UserRow, users } from "../../db/schema.ts";
import { atomically } from "../../db/transaction.ts";
import { type DomainError, fail } from "../../domain/errors.ts";
import { hashKeys, NO_PASSWORD } from "../../lib/passwords.ts";
import { type AuditRecord, recordAudit } from "../audit/record.ts";
import type { ServiceDeps } from "../deps.ts";
import { addressReserved, dropAccountTokens } from "../links/email-links.ts";
import { removeFiles } from "../media/files.ts";
import { mediaIdsOf } from "../media/user-files.ts";
import { revokeUserSessions } from "../sessions/session.ts";
import { clearFailedLogins } from "./login-throttle.ts";

// The users table as every account rule sees it: read, insert, change, remove. The rules
// themselves are in account/own-account.ts (what users do to themselves) and admin/users.ts.

/** The columns a user's public form is made of (a session's user has them, no hash). */
export type PublicUserFields = Pick<
	UserRow,
	"id" | "email" | "fullName" | "isActive" | "isSuperuser" | "emailVerified" | "createdAt"
>;

export const toUserPublic = (row: PublicUserFields): UserPublic => ({
	id: row.id,
	email: row.email,
	full_name: row.fullName,
	is_active: row.isActive,
	is_superuser: row.isSuperuser,
	email_verified: row.emailVerified,
	created_at: new Date(row.createdAt).toISOString(),
});

/**
 * The account with this e-mail. One with a control character (a login's username is not
 * checked as an e-mail) is no account's, as every e-mail's schema refuses them: it is not
 * looked up (PostgreSQL would fail the statement on a NUL).
 */
export async function findUserByEmail({ db }: ServiceDeps, email: string): Promise<UserRow | undefined> {
	if (CONTROL_CHARACTERS.test(email)) return undefined;
	return await first(db.select().from(users).where(eq(users.email, email.toLowerCase())));
}

export const findUserById = async ({ db }: ServiceDeps, id: string) =>
	await first(db.select().from(users).where(eq(users.id, id)));

/** Another account has the address, or may take it back by its "This wasn't me" link. */
export const emailTakenByOther = async (deps: ServiceDeps, email: string, userId?: string) => {
	const row = await findUserByEmail(deps, email);
	return (row !== undefined && row.id !== userId) || (await addressReserved(deps, email, userId));
};

type NewUser = {
	email: string;
	fullName?: string | null;
	/** null: no usable password yet (an invitation); a login then fails as a wrong password does. */
	password: string | null;
	isActive: boolean;
	isSuperuser: boolean;
	/** Users made by an admin, the CLI or at first start count as verified; sign-ups prove it by a link. */
	emailVerified: boolean;
};

/** Runs a write in one transaction; an acting session's writes pass `atomicallyAs` (sessions/acting-session.ts). */
/** Runs `work` in a transaction and hands it the transaction's deps (`atomically`, or an acting session's). */
export type Transaction = <T>(work: (deps: ServiceDeps) => Promise<T>) => Promise<T>;

/**
 * Inserts a user; `takenReason` is the error when the e-mail exists (its text differs per
 * route). `transaction` is the insert's, after the hash (an admin's passes `atomicallyAsAdmin`:
 * their standing may have changed meanwhile), and `afterInsert` runs in it (its audit row).
 */
export async function insertUser(
	deps: ServiceDeps,
	user: NewUser,
	takenReason: DomainError["reason"],
	options: {
		requestId?: string;
		transaction?: Transaction;
		afterInsert?: (deps: ServiceDeps, row: UserRow) => Promise<void>;
	} = {},
): Promise<UserRow> {
	if (await emailTakenByOther(deps, user.email)) fail(takenReason);
	const hashedPassword =
		user.password === null
			? NO_PASSWORD
			: await deps.passwords.hash(user.password, hashKeys(user.email, options.requestId));
	const row: UserRow = {
		id: randomUUID(),
		email: user.email.toLowerCase(),
		fullName: user.fullName ?? null,
		hashedPassword,
		isActive: user.isActive,
		isSuperuser: user.isSuperuser,
		emailVerified: user.emailVerified,
		totpSecret: null,
		totpEnabledAt: null,
		totpLastStep: null,
		createdAt: deps.clock(),
	};
	const transaction: Transaction = options.transaction ?? (async (work) => atomically(deps, work));
	return transaction(async (deps) => {
		if (await addressReserved(deps, user.email)) fail(takenReason);
		// The e-mail may have been taken while the hash was computed: the unique index decides.
		const inserted =
			(await first(deps.db.insert(users).values(row).onConflictDoNothing().returning())) ?? fail(takenReason);
		await options.afterInsert?.(deps, inserted);
		return inserted;
	});
}

/**
 * Writes user changes and returns the row as it was. A changed e-mail also ends every
 * reset and verification link of the account: a link mailed to the old address must not
 * outlive it. ("This wasn't me" links stay: they are the old addresses' way back.)
 */
export async function writeUserChanges(deps: ServiceDeps, userId: string, changes: Partial<UserRow>): Promise<UserRow> {
	return await atomically(deps, async (deps) => {
		const before = (await findUserById(deps, userId)) ?? fail("USER_NOT_FOUND");
		if (Object.keys(changes).length === 0) return before;
		await deps.db.update(users).set(changes).where(eq(users.id, userId));
		if (changes.email !== undefined && changes.email !== before.email) {
			await deps.db.delete(resetTokens).where(eq(resetTokens.userId, userId));
			await dropAccountTokens(deps, userId, "email_verify");
		}
		return before;
	});
}

/**
 * Gives the user a new password (already hashed), in one transaction with its effects:
 * however it happens (own change, reset link, admin, operator), every outstanding reset
 * link and failed-login wait of the account ends, and so does every session but
 * `keepSessionId`. Callers that decided on the account's state before hashing re-check
 * it inside their own `atomically` around this call.
 */
export async function setPassword(
	deps: ServiceDeps,
	user: Pick<UserRow, "id" | "email">,
	hashedPassword: string,
	keepSessionId?: string,
): Promise<void> {
	await atomically(deps, async (deps) => {
		await deps.db.update(users).set({ hashedPassword }).where(eq(users.id, user.id));
		await deps.db.delete(resetTokens).where(eq(resetTokens.userId, user.id));
		await revokeUserSessions(deps, user.id, keepSessionId);
		await clearFailedLogins(deps, user.email);
	});
}

export const USER_DELETED = { message: "User deleted successfully" };

/**
 * Deletes the user row (sessions, profile, media rows and tokens cascade) with its audit
 * row, in `transaction` (the acting session's, `atomicallyAs`), then their files.
 */
export async function removeUser(
	deps: ServiceDeps,
	user: Pick<UserRow, "id">,
	audit: AuditRecord,
	transaction: Transaction,
): Promise<void> {
	const fileIds = await transaction(async (deps) => {
		const ids = await mediaIdsOf(deps, user.id);
		await deps.db.delete(users).where(eq(users.id, user.id));
		await recordAudit(deps, audit);
		return ids;
	});
	await removeFiles(deps, fileIds);
}
