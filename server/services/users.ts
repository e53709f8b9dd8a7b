import { randomUUID } from "node:crypto";
import { and, count, desc, eq, ne, sql } from "drizzle-orm";
import type {
	ListQuery,
	SignupInput,
	UserCreateInput,
	UserPublic,
	UsersPublic,
	UserUpdateInput,
	UserUpdateMeInput,
} from "../../shared/schemas/users.ts";
import { resetTokens, type UserRow, users } from "../db/schema.ts";
import { type DomainError, fail } from "../domain/errors.ts";
import type { RequestMeta, ServiceDeps } from "./deps.ts";
import { clearFailedLogins } from "./login-throttle.ts";
import { hashKeys } from "./passwords.ts";
import { type Authenticated, assertSessionLive, atomically, revokeUserSessions } from "./sessions.ts";
import { removeUserFiles } from "./user-files.ts";

export const toUserPublic = (row: UserRow): UserPublic => ({
	id: row.id,
	email: row.email,
	full_name: row.fullName,
	is_active: row.isActive,
	is_superuser: row.isSuperuser,
	created_at: new Date(row.createdAt).toISOString(),
});

export const findUserByEmail = ({ db }: ServiceDeps, email: string) =>
	db.select().from(users).where(eq(users.email, email.toLowerCase())).get();

export const findUserById = ({ db }: ServiceDeps, id: string) => db.select().from(users).where(eq(users.id, id)).get();

const emailTakenByOther = (deps: ServiceDeps, email: string, userId?: string) => {
	const row = findUserByEmail(deps, email);
	return row !== undefined && row.id !== userId;
};

type NewUser = { email: string; fullName?: string | null; password: string; isActive: boolean; isSuperuser: boolean };

/**
 * Inserts a user; `takenReason` is the error when the e-mail exists (its text differs per
 * route). `recheck` runs after the hash, in the insert's transaction: the caller's own
 * standing (an admin's session) may have changed meanwhile.
 */
export async function insertUser(
	deps: ServiceDeps,
	user: NewUser,
	takenReason: DomainError["reason"],
	options: { requestId?: string; recheck?: () => void } = {},
): Promise<UserRow> {
	if (findUserByEmail(deps, user.email)) fail(takenReason);
	const hashedPassword = await deps.passwords.hash(user.password, hashKeys(user.email, options.requestId));
	const row: UserRow = {
		id: randomUUID(),
		email: user.email.toLowerCase(),
		fullName: user.fullName ?? null,
		hashedPassword,
		isActive: user.isActive,
		isSuperuser: user.isSuperuser,
		createdAt: deps.clock(),
	};
	return atomically(deps, () => {
		options.recheck?.();
		// The e-mail may have been taken while the hash was computed: the unique index decides.
		const inserted = deps.db.insert(users).values(row).onConflictDoNothing().returning().get();
		return inserted ?? fail(takenReason);
	});
}

export async function signup(deps: ServiceDeps, input: SignupInput, meta: RequestMeta): Promise<UserPublic> {
	if (!deps.config.signupEnabled) fail("SIGNUP_DISABLED");
	deps.limiter.take("signup", meta.ip);
	const row = await insertUser(
		deps,
		{ email: input.email, fullName: input.full_name, password: input.password, isActive: true, isSuperuser: false },
		"SIGNUP_EMAIL_TAKEN",
		{ requestId: meta.requestId },
	);
	return toUserPublic(row);
}

export function listUsers({ db }: ServiceDeps, query: ListQuery): UsersPublic {
	const rows = db
		.select()
		.from(users)
		.orderBy(desc(users.createdAt), desc(sql`rowid`))
		.limit(query.limit)
		.offset(query.skip)
		.all();
	const total = db.select({ value: count() }).from(users).get()?.value ?? 0;
	return { data: rows.map(toUserPublic), count: total };
}

/** An admin's new user; the admin must still be one when the row is written (the hash takes a while). */
export async function createUser(
	deps: ServiceDeps,
	actor: Authenticated,
	input: UserCreateInput,
	meta?: RequestMeta,
): Promise<UserPublic> {
	const row = await insertUser(
		deps,
		{
			email: input.email,
			fullName: input.full_name,
			password: input.password,
			isActive: input.is_active,
			isSuperuser: input.is_superuser,
		},
		"CREATE_EMAIL_TAKEN",
		{ requestId: meta?.requestId, recheck: () => assertStillSuperuser(deps, actor) },
	);
	return toUserPublic(row);
}

/** Inside a write's transaction: the acting admin's session is live and they are still a superuser. */
function assertStillSuperuser(deps: ServiceDeps, actor: Authenticated): void {
	if (!assertSessionLive(deps, actor.session.id).user.isSuperuser) fail("FORBIDDEN");
}

/**
 * Writes name and e-mail changes. A changed e-mail also ends every reset link of the
 * account: a link mailed to the old address must not outlive it.
 */
function writeUserChanges(deps: ServiceDeps, userId: string, changes: Partial<UserRow>): void {
	if (Object.keys(changes).length === 0) return;
	atomically(deps, () => {
		const before = findUserById(deps, userId) ?? fail("USER_NOT_FOUND");
		deps.db.update(users).set(changes).where(eq(users.id, userId)).run();
		if (changes.email !== undefined && changes.email !== before.email) {
			deps.db.delete(resetTokens).where(eq(resetTokens.userId, userId)).run();
		}
	});
}

/** Anyone may read themselves; reading another user takes a superuser, checked before existence. */
export function getUser(deps: ServiceDeps, actor: UserRow, userId: string): UserPublic {
	if (actor.id === userId) return toUserPublic(actor);
	if (!actor.isSuperuser) fail("FORBIDDEN");
	return toUserPublic(findUserById(deps, userId) ?? fail("USER_NOT_FOUND"));
}

export function updateMe(deps: ServiceDeps, actor: UserRow, input: UserUpdateMeInput): UserPublic {
	if (input.email !== undefined && emailTakenByOther(deps, input.email, actor.id)) fail("UPDATE_EMAIL_TAKEN");
	const changes = {
		...(input.email !== undefined && { email: input.email }),
		...(input.full_name !== undefined && { fullName: input.full_name }),
	};
	if (Object.keys(changes).length === 0) return toUserPublic(actor);
	writeUserChanges(deps, actor.id, changes);
	return toUserPublic(findUserById(deps, actor.id) ?? fail("USER_NOT_FOUND"));
}

/**
 * Gives the user a new password (already hashed), in one transaction with its effects:
 * however it happens (own change, reset link, admin, operator), every outstanding reset
 * link and failed-login wait of the account ends, and so does every session but
 * `keepSessionId`. Callers that decided on the account's state before hashing re-check
 * it inside their own `atomically` around this call.
 */
export function setPassword(
	deps: ServiceDeps,
	user: Pick<UserRow, "id" | "email">,
	hashedPassword: string,
	keepSessionId?: string,
): void {
	atomically(deps, () => {
		deps.db.update(users).set({ hashedPassword }).where(eq(users.id, user.id)).run();
		deps.db.delete(resetTokens).where(eq(resetTokens.userId, user.id)).run();
		revokeUserSessions(deps, user.id, keepSessionId);
		clearFailedLogins(deps, user.email);
	});
}

const countOtherActiveSuperusers = ({ db }: ServiceDeps, userId: string) =>
	db
		.select({ value: count() })
		.from(users)
		.where(and(eq(users.isSuperuser, true), eq(users.isActive, true), ne(users.id, userId)))
		.get()?.value ?? 0;

/** Refuses a change that would leave no active superuser. */
function assertNotLastSuperuser(deps: ServiceDeps, target: UserRow): void {
	if (target.isSuperuser && target.isActive && countOtherActiveSuperusers(deps, target.id) === 0)
		fail("LAST_SUPERUSER");
}

export async function updateUser(
	deps: ServiceDeps,
	actor: Authenticated,
	userId: string,
	input: UserUpdateInput,
	meta?: RequestMeta,
): Promise<UserPublic> {
	const check = () => {
		const target = findUserById(deps, userId) ?? fail("USER_ID_NOT_FOUND");
		if (input.email !== undefined && emailTakenByOther(deps, input.email, target.id)) fail("UPDATE_EMAIL_TAKEN");
		const losesPower = input.is_active === false || input.is_superuser === false;
		if (losesPower && target.id === actor.user.id) fail("SELF_DEMOTE");
		if (losesPower) assertNotLastSuperuser(deps, target);
		return target;
	};
	const before = check();
	const hashedPassword =
		input.password === undefined
			? undefined
			: await deps.passwords.hash(input.password, hashKeys(before.email, meta?.requestId));
	const changes = {
		...(input.email !== undefined && { email: input.email }),
		...(input.full_name !== undefined && { fullName: input.full_name }),
		...(input.is_active !== undefined && { isActive: input.is_active }),
		...(input.is_superuser !== undefined && { isSuperuser: input.is_superuser }),
	};
	// Other requests ran during the hash: the admin and the target are checked again in the writes' transaction.
	const target = atomically(deps, () => {
		assertStillSuperuser(deps, actor);
		const current = check();
		writeUserChanges(deps, current.id, changes);
		if (hashedPassword !== undefined) setPassword(deps, current, hashedPassword);
		else if (input.is_active === false) revokeUserSessions(deps, current.id);
		return current;
	});
	return toUserPublic(findUserById(deps, target.id) ?? fail("USER_ID_NOT_FOUND"));
}

export async function deleteUser(deps: ServiceDeps, actor: UserRow, userId: string): Promise<void> {
	const target = findUserById(deps, userId) ?? fail("USER_NOT_FOUND");
	if (target.id === actor.id) fail("SUPERUSER_SELF_DELETE");
	assertNotLastSuperuser(deps, target);
	await removeUser(deps, target.id);
}

export async function deleteMe(deps: ServiceDeps, actor: UserRow): Promise<void> {
	if (actor.isSuperuser) fail("SUPERUSER_SELF_DELETE");
	await removeUser(deps, actor.id);
}

/** Deletes the user row (sessions, profile, media rows and reset tokens cascade), then their files. */
async function removeUser(deps: ServiceDeps, userId: string): Promise<void> {
	await removeUserFiles(deps, userId, () => {
		deps.db.delete(users).where(eq(users.id, userId)).run();
	});
}
