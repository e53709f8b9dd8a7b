import type { SignupInput, UserPublic, UserUpdateMeInput } from "../../../shared/schemas/users.ts";
import { fail } from "../../domain/errors.ts";
import type { MailMessage } from "../../mail/mailer.ts";
import { recordAudit } from "../audit/record.ts";
import type { RequestMeta, ServiceDeps } from "../deps.ts";
import { atomicallyAs } from "../sessions/acting-session.ts";
import { type Authenticated, requireRecentAuth } from "../sessions/session.ts";
import {
	emailTakenByOther,
	findUserById,
	insertUser,
	removeUser,
	toUserPublic,
	USER_DELETED,
	writeUserChanges,
} from "../users/records.ts";
import { ownEmailChangeMails } from "./email-change.ts";
import { automaticVerificationMail } from "./email-verification.ts";

// What users do to their own account: sign up, change their name and e-mail, leave.

/** A new account by its owner; its address is unproved and gets a verification link (unless EMAIL_VERIFICATION=off). */
export async function signup(deps: ServiceDeps, input: SignupInput, meta: RequestMeta): Promise<UserPublic> {
	if (!deps.config.signupEnabled) fail("SIGNUP_DISABLED");
	await deps.limiter.take(deps, "signup", meta.ip);
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
			afterInsert: async (deps, user) => {
				await recordAudit(deps, { action: "user.signup", actor: user, subject: user, meta });
				verification = await automaticVerificationMail(deps, user, meta);
			},
		},
	);
	if (verification) deps.mailer.send(verification);
	return toUserPublic(row);
}

/**
 * Own name and e-mail. A new e-mail is a sensitive change and needs a recent proof of
 * identity; it takes effect at once (template clients expect that) but is unproved: it
 * gets a verification link, and the old address a notice with a "This wasn't me" link.
 */
export async function updateMe(
	deps: ServiceDeps,
	auth: Authenticated,
	input: UserUpdateMeInput,
	meta: RequestMeta,
): Promise<UserPublic> {
	const actor = auth.user;
	const newEmail = input.email !== undefined && input.email !== actor.email ? input.email : undefined;
	if (newEmail !== undefined) requireRecentAuth(deps, auth);
	if (newEmail !== undefined && (await emailTakenByOther(deps, newEmail, actor.id))) fail("UPDATE_EMAIL_TAKEN");
	// Each change mails the old address and holds it for a week: a few a day per account.
	if (newEmail !== undefined) await deps.limiter.take(deps, "emailChangePerAccount", actor.id);
	const changes = {
		...(newEmail !== undefined && { email: newEmail, emailVerified: false }),
		...(input.full_name !== undefined && { fullName: input.full_name }),
	};
	if (Object.keys(changes).length === 0) return toUserPublic(actor);
	const { after, mails } = await atomicallyAs(deps, auth, async (deps) => {
		const before = await writeUserChanges(deps, actor.id, changes);
		const after = (await findUserById(deps, actor.id)) ?? fail("USER_NOT_FOUND");
		if (newEmail === undefined) return { after, mails: [] };
		await recordAudit(deps, {
			action: "email.change",
			actor: after,
			subject: after,
			meta,
			details: { from: before.email },
		});
		return { after, mails: await ownEmailChangeMails(deps, before, after, meta) };
	});
	for (const mail of mails) deps.mailer.send(mail);
	return toUserPublic(after);
}

/** Deleting one's own account is sensitive: it needs a recent proof of identity. */
export async function deleteMe(
	deps: ServiceDeps,
	auth: Authenticated,
	meta?: RequestMeta,
): Promise<{ message: string }> {
	if (auth.user.isSuperuser) fail("SUPERUSER_SELF_DELETE");
	requireRecentAuth(deps, auth);
	await removeUser(
		deps,
		auth.user,
		{ action: "user.delete", actor: auth.user, subject: auth.user, meta },
		async (work) =>
			atomicallyAs(deps, auth, async (deps, { user }) => {
				if (user.isSuperuser) fail("SUPERUSER_SELF_DELETE");
				return work(deps);
			}),
	);
	return USER_DELETED;
}
