import { eq } from "drizzle-orm";
import type { PasswordLinkInfo } from "../../../shared/schemas/auth.ts";
import { first } from "../../db/query.ts";
import { resetTokens } from "../../db/schema.ts";
import { fail } from "../../domain/errors.ts";
import { hashSecretHex } from "../../lib/tokens.ts";
import type { RequestMeta, ServiceDeps } from "../deps.ts";
import { isPendingInvitation } from "../users/invitation.ts";
import { findUserById } from "../users/records.ts";

/** 32 random bytes, base64url: 43 characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * What a password link's screen says before the link is spent: the address and whether it
 * is an invitation. It tells nothing the holder could not learn by spending the token (it
 * sets the account's password), and nothing at all to any other token: a wrong, spent or
 * expired one gets the reset's own `INVALID_RESET_TOKEN`. Tokens are 256 random bits, so
 * none is found by guessing; the asks still take from the reset's per-IP bucket (5 a
 * minute), so this is no cheaper an oracle than the reset itself. Reads only: the link
 * stays good.
 */
export async function describePasswordLink(
	deps: ServiceDeps,
	token: string,
	meta: RequestMeta,
): Promise<PasswordLinkInfo> {
	await deps.limiter.take(deps, "reset", meta.ip);
	if (!TOKEN_SHAPE.test(token)) fail("INVALID_RESET_TOKEN");
	const row = await first(
		deps.db
			.select()
			.from(resetTokens)
			.where(eq(resetTokens.tokenHash, hashSecretHex(token))),
	);
	if (!row || row.expiresAt <= deps.clock()) return fail("INVALID_RESET_TOKEN");
	const user = (await findUserById(deps, row.userId)) ?? fail("INVALID_RESET_TOKEN");
	return { email: user.email, invitation: await isPendingInvitation(deps, user) };
}
