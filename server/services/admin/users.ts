import { and, count, eq, ne } from "drizzle-orm";
import type { UserCreateInput, UserPublic, UserUpdateInput } from "../../../shared/schemas/users.ts";
import { first } from "../../db/query.ts";
import { type UserRow, users } from "../../db/schema.ts";
import { fail } from "../../domain/errors.ts";
import { hashKeys } from "../../lib/passwords.ts";
import { recordAudit } from "../audit/record.ts";
import type { RequestMeta, ServiceDeps } from "../deps.ts";
import { sendNotice } from "../notices.ts";
import { atomicallyAsAdmin } from "../sessions/acting-session.ts";
import { type Authenticated, revokeUserSessions, type SessionUser } from "../sessions/session.ts";
import { revokeAllTokensOf } from "../tokens/manage.ts";
import { isPendingInvitation } from "../users/invitation.ts";
import {
	emailTakenByOther,
	findUserById,
	insertUser,
	removeUser,
	setPassword,
	toUserPublic,
	USER_DELETED,
	writeUserChanges,
} from "../users/records.ts";
import { INVITATION_SENT, type Invitation, issueInvitation, mailInvitation } from "./invitations.ts";

// What a superuser does to the accounts of others (the admin area and its REST twins).

/**
 * An admin's new user; the admin must still be one when the row is written (the hash
 * takes a while). With `invite`, the user has no password yet and is e-mailed a link to
 * choose one, in the admin's language (or, in a domain whose provider enforces its
 * sign-in, told to sign in there).
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
	let invitation: Invitation | undefined;
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
			transaction: async (work) => atomicallyAsAdmin(deps, actor, (deps) => work(deps)),
			afterInsert: async (deps, user) => {
				await recordAudit(deps, {
					action: "admin.user_create",
					actor: actor.user,
					subject: user,
					meta,
					details: { is_superuser: user.isSuperuser, is_active: user.isActive, invited: invite },
				});
				if (invite) invitation = await issueInvitation(deps, actor.user, user, meta, false);
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
export async function resendInvitation(
	deps: ServiceDeps,
	actor: Authenticated,
	userId: string,
	acceptLanguage: string | undefined,
	meta?: RequestMeta,
): Promise<{ message: string }> {
	const { user, invitation } = await atomicallyAsAdmin(deps, actor, async (deps) => {
		const target = (await findUserById(deps, userId)) ?? fail("USER_NOT_FOUND");
		if (!(await isPendingInvitation(deps, target))) fail("USER_HAS_PASSWORD");
		return { user: target, invitation: await issueInvitation(deps, actor.user, target, meta, true) };
	});
	mailInvitation(deps, user, invitation, acceptLanguage);
	return INVITATION_SENT;
}

export const INVITATION_REVOKED = { message: "Invitation revoked" };

/**
 * Cancels a pending invitation: the account, which never had a password, goes with its
 * link (as GitHub's "cancel invitation"). Checked in the deletion's transaction: a user who
 * set a password meanwhile is kept (409), and only a live superuser session may do it.
 */
export async function revokeInvitation(
	deps: ServiceDeps,
	actor: Authenticated,
	userId: string,
	meta?: RequestMeta,
): Promise<{ message: string }> {
	const check = async (deps: ServiceDeps) => {
		const target = (await findUserById(deps, userId)) ?? fail("USER_NOT_FOUND");
		if (!(await isPendingInvitation(deps, target))) fail("USER_HAS_PASSWORD");
		return target;
	};
	const target = await check(deps);
	const audit = {
		action: "admin.user_delete",
		actor: actor.user,
		subject: target,
		meta,
		details: { invitation_revoked: true },
	} as const;
	await removeUser(deps, target, audit, async (work) =>
		atomicallyAsAdmin(deps, actor, async (deps) => {
			await check(deps);
			return work(deps);
		}),
	);
	return INVITATION_REVOKED;
}

/** Anyone may read themselves; reading another user takes a superuser, checked before existence. */
export async function getUser(deps: ServiceDeps, actor: SessionUser, userId: string): Promise<UserPublic> {
	if (actor.id === userId) return toUserPublic(actor);
	if (!actor.isSuperuser) fail("FORBIDDEN");
	return toUserPublic((await findUserById(deps, userId)) ?? fail("USER_NOT_FOUND"));
}

const countOtherActiveSuperusers = async ({ db }: ServiceDeps, userId: string) =>
	(
		await first(
			db
				.select({ value: count() })
				.from(users)
				.where(and(eq(users.isSuperuser, true), eq(users.isActive, true), ne(users.id, userId))),
		)
	)?.value ?? 0;

/** Refuses a change that would leave no active superuser. */
async function assertNotLastSuperuser(deps: ServiceDeps, target: UserRow): Promise<void> {
	if (target.isSuperuser && target.isActive && (await countOtherActiveSuperusers(deps, target.id)) === 0)
		fail("LAST_SUPERUSER");
}

/**
 * An admin's change to a user. Their own e-mail and password are changed in Settings,
 * where a new address is announced with a way back and a new password needs the current
 * one: here those proofs would be skipped.
 */
export async function updateUser(
	deps: ServiceDeps,
	actor: Authenticated,
	userId: string,
	input: UserUpdateInput,
	meta?: RequestMeta,
): Promise<UserPublic> {
	const check = async (deps: ServiceDeps) => {
		const target = (await findUserById(deps, userId)) ?? fail("USER_ID_NOT_FOUND");
		if (input.email !== undefined && (await emailTakenByOther(deps, input.email, target.id)))
			fail("UPDATE_EMAIL_TAKEN");
		const losesPower = input.is_active === false || input.is_superuser === false;
		if (losesPower && target.id === actor.user.id) fail("SELF_DEMOTE");
		const newEmail = input.email !== undefined && input.email !== target.email;
		if ((newEmail || input.password !== undefined) && target.id === actor.user.id) fail("OWN_ACCOUNT_IN_SETTINGS");
		if (losesPower) await assertNotLastSuperuser(deps, target);
		return target;
	};
	const before = await check(deps);
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
	const target = await atomicallyAsAdmin(deps, actor, async (deps) => {
		const current = await check(deps);
		// An address an admin sets counts as proved, as for the users they create.
		const newEmail = changes.email !== undefined && changes.email !== current.email;
		await writeUserChanges(deps, current.id, newEmail ? { emailVerified: true, ...changes } : changes);
		if (hashedPassword !== undefined) await setPassword(deps, current, hashedPassword);
		else if (input.is_active === false) await revokeUserSessions(deps, current.id);
		if (input.is_active === false) await revokeAllTokensOf(deps, current, "deactivated", meta);
		const fields = Object.keys(input).filter((key) => input[key as keyof UserUpdateInput] !== undefined);
		const subject = { id: current.id, email: changes.email ?? current.email };
		await recordAudit(deps, { action: "admin.user_update", actor: actor.user, subject, meta, details: { fields } });
		return current;
	});
	const after = (await findUserById(deps, target.id)) ?? fail("USER_ID_NOT_FOUND");
	// The old address hears of it; the way back is the admin, not a link that would undo their decision.
	if (after.email !== target.email)
		sendNotice(deps, target, { kind: "emailChanged", newEmail: after.email, by: "admin" }, meta);
	return toUserPublic(after);
}

export async function deleteUser(
	deps: ServiceDeps,
	actor: Authenticated,
	userId: string,
	meta?: RequestMeta,
): Promise<{ message: string }> {
	const check = async (deps: ServiceDeps) => {
		const target = (await findUserById(deps, userId)) ?? fail("USER_NOT_FOUND");
		if (target.id === actor.user.id) fail("SUPERUSER_SELF_DELETE");
		await assertNotLastSuperuser(deps, target);
		return target;
	};
	const target = await check(deps);
	await removeUser(
		deps,
		target,
		{ action: "admin.user_delete", actor: actor.user, subject: target, meta },
		async (work) =>
			atomicallyAsAdmin(deps, actor, async (deps) => {
				await check(deps);
				return work(deps);
			}),
	);
	return USER_DELETED;
}
