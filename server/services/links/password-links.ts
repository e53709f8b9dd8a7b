import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { resetTokens, type UserRow } from "../../db/schema.ts";
import { atomically } from "../../db/transaction.ts";
import { hashSecretHex } from "../../lib/tokens.ts";
import type { ServiceDeps } from "../deps.ts";

/**
 * A new single-use token for a link that sets the user's password (a reset, an
 * invitation), valid `validForMs`; any older one of the user dies with it, so the newer
 * link kills the older. 32 random bytes, base64url; only its SHA-256 is kept. Call it
 * inside the transaction that records why it was issued.
 */
export async function issuePasswordToken(
	deps: ServiceDeps,
	user: Pick<UserRow, "id">,
	validForMs: number,
): Promise<string> {
	const { clock } = deps;
	const token = randomBytes(32).toString("base64url");
	const now = clock();
	await atomically(deps, async (deps) => {
		await deps.db.delete(resetTokens).where(eq(resetTokens.userId, user.id));
		await deps.db
			.insert(resetTokens)
			.values({ tokenHash: hashSecretHex(token), userId: user.id, expiresAt: now + validForMs, createdAt: now });
	});
	return token;
}

/** The screen that spends such a token; built from PUBLIC_URL, never from the request's Host. */
export const passwordLink = (deps: ServiceDeps, token: string) =>
	`${deps.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
