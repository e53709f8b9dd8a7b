import { isolate } from "../../shared/i18n/direction.ts";
import type { Locales } from "../../shared/i18n/i18n-types.ts";
import { type RenderedMail, renderMail } from "./layout.ts";
import { translations } from "./locale.ts";

/**
 * Notices that say one thing happened to the account: a subject and one paragraph under
 * `mail.notice.<kind>` in shared/i18n/{en,ar,fr}/mail.ts, then the common "if it was not
 * you" advice. A new one is its name here and its two texts there.
 */
export const simpleNotices = [
	"passwordChanged",
	"totpEnabled",
	"totpDisabled",
	/** Too many wrong second-factor codes for the account: codes wait (server/services/sign-in/proof-limits.ts). */
	"secondFactorLocked",
	/** Too many wrong current passwords in a session or for the account: passwords wait there. */
	"passwordGuessesLocked",
] as const;
export type SimpleNoticeKind = (typeof simpleNotices)[number];

/** Every security notice Portico sends, with what its text needs. */
export type Notice =
	| { kind: SimpleNoticeKind }
	| {
			kind: "emailChanged";
			/** The address the account has now. */
			newEmail: string;
			/** Who made the change: the owner (or whoever holds their session), or an administrator. */
			by: "owner" | "admin";
			/** The "This wasn't me" link, for a change the owner made. */
			revert?: { link: string; validForMs: number };
	  }
	/** An administrator (or the operator) turned the user's two-factor off: they lost their phone. */
	| { kind: "totpReset" }
	| { kind: "recoveryCodeUsed" /** Unused codes left after this one. */; remaining: number }
	| { kind: "passkeyAdded"; name: string }
	/** A provider's identity was linked from Settings: it signs in to the account from now on. */
	| { kind: "identityLinked"; provider: string }
	/** A personal access token was created: its name, scopes and end (an ISO date). */
	| { kind: "tokenCreated"; name: string; scopes: string[]; expires: string }
	/** A live personal access token ends within a week (an ISO date). */
	| { kind: "tokenExpiring"; name: string; expires: string };

/** A notice in one language, HTML and text, through the common layout. */
export function renderNotice(locale: Locales, name: string, notice: Notice): RenderedMail {
	const t = translations(locale).mail.notice;
	const simple = (subject: string, intro: string[]) =>
		renderMail(locale, { subject, name, intro, outro: [t.ifNotYou()] });
	switch (notice.kind) {
		case "emailChanged": {
			const e = t.emailChanged;
			const { revert } = notice;
			return renderMail(locale, {
				subject: e.subject(),
				name,
				intro: [
					notice.by === "admin"
						? e.byAdmin({ email: isolate(notice.newEmail) })
						: e.intro({ email: isolate(notice.newEmail) }),
					...(revert ? [e.revert()] : []),
				],
				action: revert ? { label: e.button(), link: revert.link, validForMs: revert.validForMs } : undefined,
				outro: revert ? [] : [e.askAdmin()],
			});
		}
		case "totpReset":
			return renderMail(locale, {
				subject: t.totpReset.subject(),
				name,
				intro: [t.totpReset.intro()],
				outro: [t.totpReset.askAdmin()],
			});
		case "recoveryCodeUsed": {
			const r = t.recoveryCodeUsed;
			return simple(r.subject(), [r.intro(), r.remaining({ count: notice.remaining })]);
		}
		case "passkeyAdded":
			return simple(t.passkeyAdded.subject(), [t.passkeyAdded.intro({ name: isolate(notice.name) })]);
		case "identityLinked":
			return simple(t.identityLinked.subject(), [t.identityLinked.intro({ provider: isolate(notice.provider) })]);
		case "tokenCreated":
			return simple(t.tokenCreated.subject(), [
				t.tokenCreated.intro({
					name: isolate(notice.name),
					scopes: isolate(notice.scopes.join(", ")),
					expires: isolate(notice.expires),
				}),
			]);
		case "tokenExpiring":
			return simple(t.tokenExpiring.subject(), [
				t.tokenExpiring.intro({ name: isolate(notice.name), expires: isolate(notice.expires) }),
			]);
		default:
			return simple(t[notice.kind].subject(), [t[notice.kind].intro()]);
	}
}
