import { and, desc, eq, gt, isNull, lte, or } from "drizzle-orm";
import type {
	CreatedToken,
	CreateTokenInput,
	TokenListQuery,
	TokenPublic,
	TokensPublic,
} from "../../../shared/schemas/tokens.ts";
import { first } from "../../db/query.ts";
import { apiTokens, users } from "../../db/schema.ts";
import { atomically } from "../../db/transaction.ts";
import { fail } from "../../domain/errors.ts";
import { newAccessToken } from "../../lib/access-tokens.ts";
import { hashSecret } from "../../lib/tokens.ts";
import { recordAudit } from "../audit/record.ts";
import type { RequestMeta, ServiceDeps } from "../deps.ts";
import { sendNotice } from "../notices.ts";
import { atomicallyAs, atomicallyAsAdmin } from "../sessions/acting-session.ts";
import { parseScopes } from "../sessions/check-cache.ts";
import { type Authenticated, hasAdminScope, throughSession } from "../sessions/principal.ts";
import { requireRecentAuth } from "../sessions/session.ts";
import { findUserById } from "../users/records.ts";

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Tokens listed at most per page of the admin's list. */
const ADMIN_LIST_LIMIT = 500;

const columns = {
	id: apiTokens.id,
	name: apiTokens.name,
	scopes: apiTokens.scopes,
	createdAt: apiTokens.createdAt,
	expiresAt: apiTokens.expiresAt,
	lastUsedAt: apiTokens.lastUsedAt,
	lastUsedIp: apiTokens.lastUsedIp,
	revokedAt: apiTokens.revokedAt,
	userId: apiTokens.userId,
	userEmail: users.email,
};
type ListedRow = {
	id: string;
	name: string;
	scopes: string;
	createdAt: number;
	expiresAt: number;
	lastUsedAt: number | null;
	lastUsedIp: string | null;
	revokedAt: number | null;
	userId: string;
	userEmail: string;
};

const toPublic = (row: ListedRow): TokenPublic => ({
	id: row.id,
	name: row.name,
	scopes: [...parseScopes(row.scopes)],
	created_at: iso(row.createdAt),
	expires_at: iso(row.expiresAt),
	last_used_at: row.lastUsedAt === null ? null : iso(row.lastUsedAt),
	last_used_ip: row.lastUsedIp,
	revoked_at: row.revokedAt === null ? null : iso(row.revokedAt),
	user_id: row.userId,
	user_email: row.userEmail,
});

const listed = async (deps: ServiceDeps, where: ReturnType<typeof and>, limit?: number): Promise<TokensPublic> => {
	const query = deps.db
		.select(columns)
		.from(apiTokens)
		.innerJoin(users, eq(users.id, apiTokens.userId))
		.where(where)
		.orderBy(desc(apiTokens.createdAt), apiTokens.id);
	const rows = await (limit === undefined ? query : query.limit(limit));
	const data = rows.map(toPublic);
	return { data, count: data.length };
};

/** Not revoked and not past its end. */
const live = (now: number) => and(isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, now));

/**
 * A new personal access token for the caller: only through a session that proved who it
 * is recently (a token never makes a token), admin scopes only for a superuser, an end no
 * later than PAT_MAX_TTL. The token is in the answer, once; the owner gets a mail.
 */
export async function createToken(
	deps: ServiceDeps,
	auth: Authenticated,
	input: CreateTokenInput,
	meta: RequestMeta,
): Promise<CreatedToken> {
	requireRecentAuth(deps, auth);
	const ttl = input.expires_in_days * DAY_MS;
	if (ttl > deps.config.patMaxTtlMs) fail("TOKEN_TTL_TOO_LONG");
	const { id, secret, token } = newAccessToken();
	const created = await atomicallyAs(deps, auth, async (deps, now) => {
		if (hasAdminScope(input.scopes) && !now.user.isSuperuser) fail("FORBIDDEN");
		const at = deps.clock();
		const row = {
			id,
			userId: now.user.id,
			name: input.name,
			secretHash: hashSecret(secret),
			scopes: input.scopes.join(" "),
			createdAt: at,
			expiresAt: at + ttl,
		};
		await deps.db.insert(apiTokens).values(row);
		await recordAudit(deps, {
			action: "token.create",
			actor: now.user,
			subject: now.user,
			meta,
			details: { id, name: input.name, scopes: input.scopes, expires_at: iso(row.expiresAt) },
		});
		return { ...row, lastUsedAt: null, lastUsedIp: null, revokedAt: null, userEmail: now.user.email };
	});
	sendNotice(
		deps,
		auth.user,
		{ kind: "tokenCreated", name: input.name, scopes: input.scopes, expires: iso(created.expiresAt).slice(0, 10) },
		meta,
	);
	return { ...toPublic(created), token };
}

/** The caller's tokens, live and ended, newest first: only through a session. */
export async function listMyTokens(deps: ServiceDeps, auth: Authenticated): Promise<TokensPublic> {
	const { user } = throughSession(auth);
	return await listed(deps, and(eq(apiTokens.userId, user.id)));
}

/** Revokes one of the caller's live tokens; any other id is "not found". Only through a session. */
export async function revokeMyToken(
	deps: ServiceDeps,
	auth: Authenticated,
	tokenId: string,
	meta: RequestMeta,
): Promise<{ message: string }> {
	await atomicallyAs(deps, throughSession(auth), async (deps, now) => {
		const row = await revokeOne(deps, now.user.id, tokenId);
		await recordAudit(deps, {
			action: "token.revoke",
			actor: now.user,
			subject: now.user,
			meta,
			details: { id: row.id, name: row.name },
		});
	});
	return { message: "Token revoked" };
}

async function revokeOne(deps: ServiceDeps, userId: string, tokenId: string) {
	return (
		(await first(
			deps.db
				.update(apiTokens)
				.set({ revokedAt: deps.clock() })
				.where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId), live(deps.clock())))
				.returning({ id: apiTokens.id, name: apiTokens.name }),
		)) ?? fail("TOKEN_NOT_FOUND")
	);
}

/** A superuser's view of a user's tokens. */
export async function listUserTokens(deps: ServiceDeps, _actor: Authenticated, userId: string): Promise<TokensPublic> {
	(await findUserById(deps, userId)) ?? fail("USER_NOT_FOUND");
	return await listed(deps, and(eq(apiTokens.userId, userId)));
}

/**
 * Every token, for a superuser: live ones unless `include_ended`, filtered by owner, by
 * "unused for N days" (never used counts) and by "ends within N days"; newest first.
 */
export async function listAllTokens(
	deps: ServiceDeps,
	_actor: Authenticated,
	query: TokenListQuery,
): Promise<TokensPublic> {
	const now = deps.clock();
	const { unused_days: unusedDays, expires_within_days: within } = query;
	return await listed(
		deps,
		and(
			query.include_ended ? undefined : live(now),
			query.user_id === undefined ? undefined : eq(apiTokens.userId, query.user_id),
			unusedDays === undefined
				? undefined
				: or(isNull(apiTokens.lastUsedAt), lte(apiTokens.lastUsedAt, now - unusedDays * DAY_MS)),
			within === undefined ? undefined : lte(apiTokens.expiresAt, now + within * DAY_MS),
		),
		ADMIN_LIST_LIMIT,
	);
}

/** A superuser revokes one live token of a user. */
export async function revokeUserToken(
	deps: ServiceDeps,
	actor: Authenticated,
	userId: string,
	tokenId: string,
	meta: RequestMeta,
): Promise<{ message: string }> {
	await atomicallyAsAdmin(deps, actor, async (deps, now) => {
		const owner = (await findUserById(deps, userId)) ?? fail("USER_NOT_FOUND");
		const row = await revokeOne(deps, owner.id, tokenId);
		await recordAudit(deps, {
			action: "admin.token_revoke",
			actor: now.user,
			subject: owner,
			meta,
			details: { id: row.id, name: row.name },
		});
	});
	return { message: "Token revoked" };
}

/**
 * Revokes every live token of a user, inside the caller's transaction, with one
 * `token.revoke` row naming why: an account recovery (a thief's first act is a token for
 * persistence) or a deactivation. Returns how many ended.
 */
export async function revokeAllTokensOf(
	deps: ServiceDeps,
	user: { id: string; email: string },
	reason: "password_reset" | "email_revert" | "deactivated",
	meta: RequestMeta | undefined,
): Promise<number> {
	const now = deps.clock();
	const ended = await deps.db
		.update(apiTokens)
		.set({ revokedAt: now })
		.where(and(eq(apiTokens.userId, user.id), live(now)))
		.returning({ id: apiTokens.id });
	if (ended.length > 0)
		await recordAudit(deps, { action: "token.revoke", subject: user, meta, details: { reason, count: ended.length } });
	return ended.length;
}

/**
 * Deletes the tokens past their end, each with a `token.expire` row (a revoked one was
 * recorded when it was revoked); run by the daily housekeeping.
 */
export async function sweepExpiredTokens(deps: ServiceDeps): Promise<number> {
	return await atomically(deps, async (deps) => {
		const now = deps.clock();
		const gone = await deps.db
			.delete(apiTokens)
			.where(lte(apiTokens.expiresAt, now))
			.returning({ id: apiTokens.id, name: apiTokens.name, userId: apiTokens.userId, revokedAt: apiTokens.revokedAt });
		for (const row of gone) {
			if (row.revokedAt !== null) continue;
			const owner = await findUserById(deps, row.userId);
			await recordAudit(deps, {
				action: "token.expire",
				subject: owner ? { id: owner.id, email: owner.email } : null,
				details: { id: row.id, name: row.name },
			});
		}
		return gone.length;
	});
}

/** How long before its end a token's owner is told. */
export const EXPIRY_NOTICE_MS = 7 * DAY_MS;

/**
 * Tells the owners of live tokens ending within a week, once per token (the daily
 * housekeeping): a script about to stop is better known before it does.
 */
export async function noticeExpiringTokens(deps: ServiceDeps): Promise<number> {
	const now = deps.clock();
	const ending = await deps.db
		.select({
			id: apiTokens.id,
			name: apiTokens.name,
			expiresAt: apiTokens.expiresAt,
			email: users.email,
			fullName: users.fullName,
		})
		.from(apiTokens)
		.innerJoin(users, eq(users.id, apiTokens.userId))
		.where(and(live(now), lte(apiTokens.expiresAt, now + EXPIRY_NOTICE_MS), isNull(apiTokens.expiryNoticeAt)));
	let sent = 0;
	for (const token of ending) {
		// Claimed first: two housekeeping runs never mail twice.
		const claimed = await first(
			deps.db
				.update(apiTokens)
				.set({ expiryNoticeAt: now })
				.where(and(eq(apiTokens.id, token.id), isNull(apiTokens.expiryNoticeAt)))
				.returning({ id: apiTokens.id }),
		);
		if (!claimed) continue;
		sendNotice(
			deps,
			token,
			{ kind: "tokenExpiring", name: token.name, expires: iso(token.expiresAt).slice(0, 10) },
			undefined,
		);
		sent++;
	}
	return sent;
}
