import { randomUUID } from "node:crypto";
import { and, count, eq, ne } from "drizzle-orm";
import type { UserListQuery } from "../../shared/schemas/user-list.ts";
import type {
	SignupInput,
	UserCreateInput,
	UserPublic,
	UsersPublic,
	UserUpdateInput,
	UserUpdateMeInput,
} from "../../shared/schemas/users.ts";
import { resetTokens, type UserRow, users } from "../db/schema.ts";
import { atomically } from "../db/transaction.ts";
import { type DomainError, fail } from "../domain/errors.ts";
import { hashKeys, NO_PASSWORD } from "../lib/passwords.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { addressReserved, dropAccountTokens } from "./account-tokens.ts";
import { type AuditRecord, recordAudit } from "./audit.ts";
import type { RequestMeta, ServiceDeps } from "./deps.ts";
import { ownEmailChangeMails } from "./email-change.ts";
import { automaticVerificationMail } from "./email-verification.ts";
import { INVITATION_SENT, issueInvitation, mailInvitation } from "./invitations.ts";
import { clearFailedLogins } from "./login-throttle.ts";
import { sendNotice } from "./notices.ts";
import { type Authenticated, assertSessionLive, requireRecentAuth, revokeUserSessions } from "./sessions.ts";
import { removeUserFiles } from "./user-files.ts";
import { userOrder, userSearch } from "./user-search.ts";

export const toUserPublic = (row: UserRow): UserPublic => ({
	id: row.id,
	email: row.email,
	full_name: row.fullName,
	is_active: row.isActive,
	is_superuser: row.isSuperuser,
	email_verified: row.emailVerified,
	created_at: new Date(row.createdAt).toISOString(),
});

export const findUserByEmail = ({ db }: ServiceDeps, email: string) =>
	db.select().from(users).where(eq(users.email, email.toLowerCase())).get();

export const findUserById = ({ db }: ServiceDeps, id: string) => db.select().from(users).where(eq(users.id, id)).get();

/** Another account has the address, or may take it back by its "This wasn't me" link. */
const emailTakenByOther = (deps: ServiceDeps, email: string, userId?: string) => {
	const row = findUserByEmail(deps, email);
	return (row !== undefined && row.id !== userId) || addressReserved(deps, email, userId);
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

/**
 * Inserts a user; `takenReason` is the error when the e-mail exists (its text differs per
 * route). `recheck` runs after the hash, in the insert's transaction (the caller's own
 * standing, an admin's session, may have changed meanwhile), and `afterInsert` in the
 * same transaction (its audit row).
 */
export async function insertUser(
	deps: ServiceDeps,
	user: NewUser,
	takenReason: DomainError["reason"],
	options: { requestId?: string; recheck?: () => void; afterInsert?: (row: UserRow) => void } = {},
): Promise<UserRow> {
	if (emailTakenByOther(deps, user.email)) fail(takenReason);
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
	return atomically(deps, () => {
		options.recheck?.();
		if (addressReserved(deps, user.email)) fail(takenReason);
		// The e-mail may have been taken while the hash was computed: the unique index decides.
		const inserted = deps.db.insert(users).values(row).onConflictDoNothing().returning().get() ?? fail(takenReason);
		options.afterInsert?.(inserted);
		return inserted;
	});
}

/** A new account by its owner; its address is unproved and gets a verification link (unless EMAIL_VERIFICATION=off). */
export async function signup(deps: ServiceDeps, input: SignupInput, meta: RequestMeta): Promise<UserPublic> {
	if (!deps.config.signupEnabled) fail("SIGNUP_DISABLED");
	deps.limiter.take("signup", meta.ip);
	let verification: MailMessage | null = null;
	const row = await insertUser(
		deps,
		{
			email: input.email,
			fullName: input.full_name,
			password: input.password,
			isActive: true,
			isSuperuser: false,
			emailVerified: false,
		},
		"SIGNUP_EMAIL_TAKEN",
		{
			requestId: meta.requestId,
			afterInsert: (user) => {
				recordAudit(deps, { action: "user.signup", actor: user, subject: user, meta });
				verification = automaticVerificationMail(deps, user, meta);
			},
		},
	);
	if (verification) deps.mailer.send(verification);
	return toUserPublic(row);
}

/**
 * A page of users, searched, filtered and sorted; `count` counts every row that matches.
 * Without a search or filter it is everyone, newest first, as it always was.
 */
export function listUsers({ db }: ServiceDeps, query: UserListQuery): UsersPublic {
	const where = and(
		query.role === undefined ? undefined : eq(users.isSuperuser, query.role === "superuser"),
		query.status === undefined ? undefined : eq(users.isActive, query.status === "active"),
		query.verified === undefined ? undefined : eq(users.emailVerified, query.verified),
		query.q === undefined ? undefined : userSearch(db, query.q).matches,
	);
	const total = db.select({ value: count() }).from(users).where(where).get()?.value ?? 0;
	if (total === 0 || query.skip >= total) return { data: [], count: total };
	const rows = db
		.select()
		.from(users)
		.where(where)
		.orderBy(...userOrder(query.sort))
		.limit(query.limit)
		.offset(query.skip)
		.all();
	return { data: rows.map(toUserPublic), count: total };
}

/**
 * An admin's new user; the admin must still be one when the row is written (the hash
 * takes a while). With `invite`, the user has no password yet and is e-mailed a link to
 * choose one, in the admin's language.
 */
export async function createUser(
	deps: ServiceDeps,
	actor: Authenticated,
	input: UserCreateInput,
	meta?: RequestMeta,
	acceptLanguage?: string,
): Promise<UserPublic> {
	const invite = input.invite === true;
	const password = invite ? null : input.password;
	if (password === undefined) throw new Error("userCreateSchema requires a password or an invitation");
	let invitation: string | undefined;
	const row = await insertUser(
		deps,
		{
			email: input.email,
			fullName: input.full_name,
			password,
			isActive: input.is_active,
			isSuperuser: input.is_superuser,
			emailVerified: true,
		},
		"CREATE_EMAIL_TAKEN",
		{
			requestId: meta?.requestId,
			recheck: () => assertStillSuperuser(deps, actor),
			afterInsert: (user) => {
				recordAudit(deps, {
					action: "admin.user_create",
					actor: actor.user,
					subject: user,
					meta,
					details: { is_superuser: user.isSuperuser, is_active: user.isActive, invited: invite },
				});
				if (invite) invitation = issueInvitation(deps, actor.user, user, meta, false);
			},
		},
	);
	if (invitation !== undefined) mailInvitation(deps, row, invitation, acceptLanguage);
	return toUserPublic(row);
}

/**
 * Sends a user who has not chosen a password yet a new invitation; the older link dies.
 * A user with a password is refused: a link to replace it is theirs to ask for
 * (password recovery), not an admin's to send.
 */
export function resendInvitation(
	deps: ServiceDeps,
	actor: Authenticated,
	userId: string,
	acceptLanguage: string | undefined,
	meta?: RequestMeta,
): { message: string } {
	const { user, token } = atomically(deps, () => {
		assertStillSuperuser(deps, actor);
		const target = findUserById(deps, userId) ?? fail("USER_NOT_FOUND");
		if (target.hashedPassword !== NO_PASSWORD) fail("USER_HAS_PASSWORD");
		return { user: target, token: issueInvitation(deps, actor.user, target, meta, true) };
	});
	mailInvitation(deps, user, token, acceptLanguage);
	return INVITATION_SENT;
}

/** Inside a write's transaction: the acting admin's session is live and they are still a superuser. */
function assertStillSuperuser(deps: ServiceDeps, actor: Authenticated): void {
	if (!assertSessionLive(deps, actor.session.id).user.isSuperuser) fail("FORBIDDEN");
}

/**
 * Writes user changes and returns the row as it was. A changed e-mail also ends every
 * reset and verification link of the account: a link mailed to the old address must not
 * outlive it. ("This wasn't me" links stay: they are the old addresses' way back.)
 */
function writeUserChanges(deps: ServiceDeps, userId: string, changes: Partial<UserRow>): UserRow {
	return atomically(deps, () => {
		const before = findUserById(deps, userId) ?? fail("USER_NOT_FOUND");
		if (Object.keys(changes).length === 0) return before;
		deps.db.update(users).set(changes).where(eq(users.id, userId)).run();
		if (changes.email !== undefined && changes.email !== before.email) {
			deps.db.delete(resetTokens).where(eq(resetTokens.userId, userId)).run();
			dropAccountTokens(deps, userId, "email_verify");
		}
		return before;
	});
}

/** Anyone may read themselves; reading another user takes a superuser, checked before existence. */
export function getUser(deps: ServiceDeps, actor: UserRow, userId: string): UserPublic {
	if (actor.id === userId) return toUserPublic(actor);
	if (!actor.isSuperuser) fail("FORBIDDEN");
	return toUserPublic(findUserById(deps, userId) ?? fail("USER_NOT_FOUND"));
}

/**
 * Own name and e-mail. A new e-mail is a sensitive change and needs a recent proof of
 * identity; it takes effect at once (template clients expect that) but is unproved: it
 * gets a verification link, and the old address a notice with a "This wasn't me" link.
 */
export function updateMe(
	deps: ServiceDeps,
	auth: Authenticated,
	input: UserUpdateMeInput,
	meta: RequestMeta,
): UserPublic {
	const actor = auth.user;
	const newEmail = input.email !== undefined && input.email !== actor.email ? input.email : undefined;
	if (newEmail !== undefined) requireRecentAuth(deps, auth);
	if (newEmail !== undefined && emailTakenByOther(deps, newEmail, actor.id)) fail("UPDATE_EMAIL_TAKEN");
	const changes = {
		...(newEmail !== undefined && { email: newEmail, emailVerified: false }),
		...(input.full_name !== undefined && { fullName: input.full_name }),
	};
	if (Object.keys(changes).length === 0) return toUserPublic(actor);
	const { after, mails } = atomically(deps, () => {
		const before = writeUserChanges(deps, actor.id, changes);
		const after = findUserById(deps, actor.id) ?? fail("USER_NOT_FOUND");
		if (newEmail === undefined) return { after, mails: [] };
		recordAudit(deps, {
			action: "email.change",
			actor: after,
			subject: after,
			meta,
			details: { from: before.email },
		});
		return { after, mails: ownEmailChangeMails(deps, before, after, meta) };
	});
	for (const mail of mails) deps.mailer.send(mail);
	return toUserPublic(after);
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
		...(input.email_verified !== undefined && { emailVerified: input.email_verified }),
	};
	// Other requests ran during the hash: the admin and the target are checked again in the writes' transaction.
	const target = atomically(deps, () => {
		assertStillSuperuser(deps, actor);
		const current = check();
		// An address an admin sets counts as proved, as for the users they create.
		const newEmail = changes.email !== undefined && changes.email !== current.email;
		writeUserChanges(deps, current.id, newEmail ? { emailVerified: true, ...changes } : changes);
		if (hashedPassword !== undefined) setPassword(deps, current, hashedPassword);
		else if (input.is_active === false) revokeUserSessions(deps, current.id);
		const fields = Object.keys(input).filter((key) => input[key as keyof UserUpdateInput] !== undefined);
		const subject = { id: current.id, email: changes.email ?? current.email };
		recordAudit(deps, { action: "admin.user_update", actor: actor.user, subject, meta, details: { fields } });
		return current;
	});
	const after = findUserById(deps, target.id) ?? fail("USER_ID_NOT_FOUND");
	// The old address hears of it; the way back is the admin, not a link that would undo their decision.
	if (after.email !== target.email)
		sendNotice(deps, target, { kind: "emailChanged", newEmail: after.email, by: "admin" }, meta);
	return toUserPublic(after);
}

const USER_DELETED = { message: "User deleted successfully" };

export async function deleteUser(
	deps: ServiceDeps,
	actor: Authenticated,
	userId: string,
	meta?: RequestMeta,
): Promise<{ message: string }> {
	const target = findUserById(deps, userId) ?? fail("USER_NOT_FOUND");
	if (target.id === actor.user.id) fail("SUPERUSER_SELF_DELETE");
	assertNotLastSuperuser(deps, target);
	await removeUser(deps, target, { action: "admin.user_delete", actor: actor.user, subject: target, meta });
	return USER_DELETED;
}

/** Deleting one's own account is sensitive: it needs a recent proof of identity. */
export async function deleteMe(
	deps: ServiceDeps,
	auth: Authenticated,
	meta?: RequestMeta,
): Promise<{ message: string }> {
	if (auth.user.isSuperuser) fail("SUPERUSER_SELF_DELETE");
	requireRecentAuth(deps, auth);
	await removeUser(deps, auth.user, { action: "user.delete", actor: auth.user, subject: auth.user, meta });
	return USER_DELETED;
}

/** Deletes the user row (sessions, profile, media rows and tokens cascade) with its audit row, then their files. */
async function removeUser(deps: ServiceDeps, user: UserRow, audit: AuditRecord): Promise<void> {
	await removeUserFiles(deps, user.id, () => {
		atomically(deps, () => {
			deps.db.delete(users).where(eq(users.id, user.id)).run();
			recordAudit(deps, audit);
		});
	});
}
