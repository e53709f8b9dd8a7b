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
export function issuePasswordToken(deps: ServiceDeps, user: Pick<UserRow, "id">, validForMs: number): string {
	const { db, clock } = deps;
	const token = randomBytes(32).toString("base64url");
	const now = clock();
	atomically(deps, () => {
		db.delete(resetTokens).where(eq(resetTokens.userId, user.id)).run();
		db.insert(resetTokens)
			.values({ tokenHash: hashSecretHex(token), userId: user.id, expiresAt: now + validForMs, createdAt: now })
			.run();
	});
	return token;
}

/** The screen that spends such a token; built from PUBLIC_URL, never from the request's Host. */
export const passwordLink = (deps: ServiceDeps, token: string) =>
	`${deps.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
