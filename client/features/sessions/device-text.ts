import { auditActionKey } from "../../../shared/audit-actions.ts";
import type { TranslationFunctions } from "../../../shared/i18n/i18n-types.ts";
import type { AuditEvent } from "../../../shared/schemas/audit.ts";
import { describeUserAgent } from "../../../shared/user-agent.ts";

type Device = { browser: string | null; os: string | null };

/** "Chrome 131 on macOS", or whichever half is known; null when neither is. */
export function deviceText(LL: TranslationFunctions, { browser, os }: Device): string | null {
	if (browser && os) return LL.sessions.device({ browser, os });
	return browser ?? os ?? null;
}

const detailString = (value: unknown) => (typeof value === "string" ? value : null);

/**
 * An audit event in plain words: the action's label, or a sentence naming the device for
 * the events about one ("Signed in from Firefox 133 on Linux"). A sign-in's device is the
 * one that made the request; a revoked session's is the one it ended (in its details).
 */
export function activityText(LL: TranslationFunctions, event: AuditEvent): string {
	const t = LL.sessions.activity;
	if (event.action === "auth.login" || event.action === "auth.login_failed") {
		const device = deviceText(LL, describeUserAgent(event.user_agent));
		if (device) return event.action === "auth.login" ? t.loginFrom({ device }) : t.loginFailedFrom({ device });
	}
	if (event.action === "session.revoke") {
		const device = deviceText(LL, {
			browser: detailString(event.details.browser),
			os: detailString(event.details.os),
		});
		if (device) return t.revokedDevice({ device });
	}
	return LL.audit.actions[auditActionKey(event.action)]();
}
