import { and, count, desc, eq, gt, lt } from "drizzle-orm";
import type { AccountSummary, LastSignIn, UsersSummary } from "../../shared/schemas/dashboard.ts";
import { describeUserAgent } from "../../shared/user-agent.ts";
import { fragmentsOf } from "../db/dialect/index.ts";
import { first } from "../db/query.ts";
import { auditEvents, passkeys, sessions } from "../db/schema.ts";
import type { ServiceDeps } from "./deps.ts";
import type { Authenticated } from "./sessions/session.ts";

const DAY_MS = 86_400_000;
/** How far back "recent sign-ups" looks. */
export const RECENT_SIGNUPS_DAYS = 7;

/**
 * The sign-in before the asking session's own: the audit row of a login is written after
 * its session, so every earlier one is strictly older than the session. A login by any
 * method (password, two-factor, passkey) is an `auth.login` row.
 */
async function lastSignInBefore({ db }: ServiceDeps, auth: Authenticated): Promise<LastSignIn | null> {
	const row = await first(
		db
			.select({ at: auditEvents.at, ip: auditEvents.ip, userAgent: auditEvents.userAgent })
			.from(auditEvents)
			.where(
				and(
					eq(auditEvents.subjectId, auth.user.id),
					eq(auditEvents.action, "auth.login"),
					// Through a token, the latest sign-in of all.
					lt(auditEvents.at, auth.session?.createdAt ?? Number.MAX_SAFE_INTEGER),
				),
			)
			.orderBy(desc(auditEvents.at), desc(auditEvents.id))
			.limit(1),
	);
	if (!row) return null;
	return { at: new Date(row.at).toISOString(), ip: row.ip, ...describeUserAgent(row.userAgent) };
}

/** The caller's account at a glance: what is protected, what is signed in, and the sign-in before this one. */
export async function accountSummary(deps: ServiceDeps, auth: Authenticated): Promise<AccountSummary> {
	const { db } = deps;
	const userId = auth.user.id;
	const passkeyCount = await first(db.select({ value: count() }).from(passkeys).where(eq(passkeys.userId, userId)));
	const liveSessions = await first(
		db
			.select({ value: count() })
			.from(sessions)
			.where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, deps.clock()))),
	);
	return {
		email_verified: auth.user.emailVerified,
		two_factor_enabled: auth.user.totpEnabledAt !== null,
		passkeys: passkeyCount?.value ?? 0,
		active_sessions: liveSessions?.value ?? 0,
		last_sign_in: await lastSignInBefore(deps, auth),
	};
}

/** Everyone's accounts in numbers, for a superuser's dashboard (the adapters gate it). */
export async function usersSummary(deps: ServiceDeps): Promise<UsersSummary> {
	const { db } = deps;
	const tally = await fragmentsOf(db).usersTally(db, deps.clock() - RECENT_SIGNUPS_DAYS * DAY_MS);
	return { users: tally.users, inactive_users: tally.inactive, signups_last_7_days: tally.recent };
}
