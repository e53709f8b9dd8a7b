import type { OidcProviderConfig } from "../../config-oidc.ts";
import type { UserRow } from "../../db/schema.ts";
import { atomically } from "../../db/transaction.ts";
import { renderInviteEmail, renderProviderInviteEmail } from "../../mail/invite-email.ts";
import { negotiateLocale } from "../../mail/locale.ts";
import { recordAudit } from "../audit/record.ts";
import type { RequestMeta, ServiceDeps } from "../deps.ts";
import { issuePasswordToken, passwordLink } from "../links/password-links.ts";
import { enforcingProvider, passwordRefused } from "../users/enforced-provider.ts";

/** An invitation's link lasts longer than a reset link: the invitee may not read their mail today. */
export const INVITATION_VALID_MS = 7 * 24 * 60 * 60 * 1000;

export const INVITATION_SENT = { message: "Invitation sent" };

/**
 * What an invitation sends: a `Set your password` token (a reset token, so the reset screen
 * spends it; any older link dies), or, where the address's domain signs in through its
 * provider only (`OIDC_<ID>_ENFORCE`), no token: the provider it signs in with.
 */
export type Invitation = { token: string } | { provider: OidcProviderConfig };

/** Issues the user's invitation with its audit row, in the caller's transaction. */
export async function issueInvitation(
	deps: ServiceDeps,
	actor: Pick<UserRow, "id" | "email">,
	user: Pick<UserRow, "id" | "email" | "isSuperuser">,
	meta: RequestMeta | undefined,
	resent: boolean,
): Promise<Invitation> {
	return await atomically(deps, async (deps) => {
		const provider = passwordRefused(deps.config, user.email, user)
			? enforcingProvider(deps.config, user.email)
			: undefined;
		const details = { resent, ...(provider ? { provider: provider.id } : {}) };
		await recordAudit(deps, { action: "admin.user_invite", actor, subject: user, meta, details });
		if (provider) return { provider };
		return { token: await issuePasswordToken(deps, user, INVITATION_VALID_MS) };
	});
}

/** Queues the invitation e-mail, in the inviting admin's language (their request's Accept-Language). */
export function mailInvitation(
	deps: ServiceDeps,
	user: Pick<UserRow, "email" | "fullName">,
	invitation: Invitation,
	acceptLanguage: string | undefined,
): void {
	const common = { locale: negotiateLocale(acceptLanguage), name: user.fullName || user.email, email: user.email };
	const mail =
		"token" in invitation
			? renderInviteEmail({ ...common, link: passwordLink(deps, invitation.token), validForMs: INVITATION_VALID_MS })
			: renderProviderInviteEmail({
					...common,
					provider: invitation.provider.name,
					link: `${deps.config.publicUrl}/login`,
				});
	deps.mailer.send({ to: user.email, ...mail });
}
