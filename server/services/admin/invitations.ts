import type { UserRow } from "../../db/schema.ts";
import { atomically } from "../../db/transaction.ts";
import { renderInviteEmail } from "../../mail/invite-email.ts";
import { negotiateLocale } from "../../mail/locale.ts";
import { recordAudit } from "../audit/record.ts";
import type { RequestMeta, ServiceDeps } from "../deps.ts";
import { issuePasswordToken, passwordLink } from "../links/password-links.ts";

/** An invitation's link lasts longer than a reset link: the invitee may not read their mail today. */
export const INVITATION_VALID_MS = 7 * 24 * 60 * 60 * 1000;

export const INVITATION_SENT = { message: "Invitation sent" };

/**
 * Issues the user's `Set your password` token (a reset token, so the reset screen spends
 * it; any older link dies) with its audit row, in the caller's transaction.
 */
export async function issueInvitation(
	deps: ServiceDeps,
	actor: Pick<UserRow, "id" | "email">,
	user: Pick<UserRow, "id" | "email">,
	meta: RequestMeta | undefined,
	resent: boolean,
): Promise<string> {
	return await atomically(deps, async (deps) => {
		const token = await issuePasswordToken(deps, user, INVITATION_VALID_MS);
		await recordAudit(deps, { action: "admin.user_invite", actor, subject: user, meta, details: { resent } });
		return token;
	});
}

/** Queues the invitation e-mail, in the inviting admin's language (their request's Accept-Language). */
export function mailInvitation(
	deps: ServiceDeps,
	user: Pick<UserRow, "email" | "fullName">,
	token: string,
	acceptLanguage: string | undefined,
): void {
	const mail = renderInviteEmail({
		locale: negotiateLocale(acceptLanguage),
		name: user.fullName || user.email,
		email: user.email,
		link: passwordLink(deps, token),
		validForMs: INVITATION_VALID_MS,
	});
	deps.mailer.send({ to: user.email, ...mail });
}
