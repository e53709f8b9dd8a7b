import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { migrateDatabase, openDatabase } from "../../../server/db/client.ts";
import { closeDatabase } from "../../../server/db/database.ts";
import * as lite from "../../../server/db/schema.sqlite.ts";
import { hashPassword } from "../../../server/lib/passwords.ts";

export const OLD_PASSWORD = "old-password-on-sqlite";

const T = 1_790_000_000_000;
const bytes = (n: number, fill: number) => Buffer.alloc(n, fill);

/**
 * A SQLite installation as a team that started small has it: DATA_DIR/app.db with a row in
 * every table (users inserted out of id and time order, audit ids with a deleted tail) and
 * DATA_DIR/media holding the files of its media rows.
 */
export async function sqliteInstallation(dataDir: string): Promise<{ databasePath: string; mediaIds: string[] }> {
	const databasePath = join(dataDir, "app.db");
	const db = openDatabase(databasePath);
	try {
		await migrateDatabase(db);
		const hashed = await hashPassword(OLD_PASSWORD);
		// Inserted in this order (rowid), neither by id nor by time: the copy must keep it.
		await db.insert(lite.users).values([
			{ id: "u-c", email: "carol@example.com", fullName: "Carol", hashedPassword: hashed, createdAt: T },
			{
				id: "u-a",
				email: "alice@example.com",
				fullName: null,
				hashedPassword: hashed,
				isSuperuser: true,
				emailVerified: true,
				totpSecret: "v1.encrypted-secret",
				totpEnabledAt: T + 5,
				totpLastStep: 59_666_666,
				createdAt: T,
			},
			{ id: "u-b", email: "bob@example.com", hashedPassword: hashed, isActive: false, createdAt: T - 1 },
		]);
		await db.insert(lite.sessions).values({
			id: "s-1",
			userId: "u-a",
			accessHash: bytes(32, 1),
			refreshHash: bytes(32, 2),
			previousRefreshHash: bytes(32, 3),
			accessExpiresAt: T + 900_000,
			expiresAt: T + 86_400_000,
			createdAt: T,
			lastSeenAt: T + 1,
			authenticatedAt: T,
			ip: "203.0.113.7",
			userAgent: "Mozilla/5.0",
		});
		await db.insert(lite.profiles).values({
			userId: "u-a",
			age: 41,
			gender: "female",
			heightCm: 171.5,
			currentWeightKg: 62.25,
			phone: "+33 1 23 45 67 89",
			profileImageUrl: "/api/v1/media/serve/0123456789abcdef0123456789abcdef",
			updatedAt: T,
		});
		const mediaIds = ["0123456789abcdef0123456789abcdef", "fedcba9876543210fedcba9876543210"];
		await db.insert(lite.media).values(
			mediaIds.map((id, n) => ({
				id,
				ownerId: "u-a",
				entityType: "profile",
				entityId: "u-a",
				contentType: "image/png",
				size: 10 + n,
				createdAt: T,
			})),
		);
		mkdirSync(join(dataDir, "media"), { recursive: true });
		for (const [n, id] of mediaIds.entries()) writeFileSync(join(dataDir, "media", id), bytes(10 + n, 7 + n));
		await db.insert(lite.resetTokens).values({ tokenHash: "rt", userId: "u-b", expiresAt: T + 1, createdAt: T });
		await db.insert(lite.loginThrottle).values({ accountKey: "ak", clientKey: "ck", failures: 3, lockedUntil: T });
		await db
			.insert(lite.proofFailures)
			.values({ kind: "second_factor", holder: "user:u-a", failures: 2, windowEndsAt: T, noticeSent: true });
		// Empty on a real SQLite installation (its buckets live in memory); copied all the same.
		await db
			.insert(lite.rateBuckets)
			.values({ key: "signup:192.0.2.1", tokens: 2.5, updatedAt: T, granted: true, fullAt: T + 30_000 });
		await db.insert(lite.apiTokens).values({
			id: "tok-a",
			userId: "u-a",
			name: "deploy script",
			secretHash: bytes(32, 7),
			scopes: "read write",
			createdAt: T,
			expiresAt: T + 86_400_000,
			lastUsedAt: T + 60_000,
			lastUsedIp: "192.0.2.7",
			revokedAt: null,
			expiryNoticeAt: null,
		});
		await db.insert(lite.auditEvents).values(
			[1, 2, 3].map((n) => ({
				at: T + n,
				action: "user.login",
				actorId: "u-a",
				actorEmail: "alice@example.com",
				subjectId: "u-a",
				subjectEmail: "alice@example.com",
				ip: "203.0.113.7",
				userAgent: "Mozilla/5.0",
				details: JSON.stringify({ n }),
			})),
		);
		// AUTOINCREMENT remembers id 3 (sqlite_sequence): it must never be given again.
		await db.delete(lite.auditEvents).where(eq(lite.auditEvents.id, 3));
		await db.insert(lite.accountTokens).values({
			tokenHash: "at",
			userId: "u-c",
			purpose: "email_verify",
			email: "carol@example.com",
			expiresAt: T,
			createdAt: T,
		});
		await db.insert(lite.recoveryCodes).values([
			{ userId: "u-a", codeHash: "rc1", createdAt: T },
			{ userId: "u-a", codeHash: "rc2", usedAt: T + 3, createdAt: T },
		]);
		await db
			.insert(lite.mfaTokens)
			.values({ tokenHash: "mt", userId: "u-a", attemptsLeft: 5, expiresAt: T, createdAt: T });
		await db.insert(lite.passkeys).values({
			id: "cred-1",
			userId: "u-a",
			publicKey: bytes(77, 9),
			counter: 4_000_000_000,
			transports: '["internal","hybrid"]',
			deviceType: "multiDevice",
			backedUp: true,
			name: "Laptop",
			createdAt: T,
			lastUsedAt: T + 2,
		});
		await db.insert(lite.webauthnChallenges).values([
			{ challenge: "ch-1", userId: "u-a", purpose: "register", expiresAt: T, createdAt: T },
			{ challenge: "ch-2", userId: null, purpose: "login", expiresAt: T, createdAt: T },
		]);
		await db.insert(lite.userIdentities).values({
			id: "id-1",
			userId: "u-a",
			provider: "company",
			issuer: "https://sso.example.com",
			subject: "alice-at-sso",
			emailAtLink: "alice@example.com",
			createdAt: T,
			lastUsedAt: null,
		});
		await db.insert(lite.oidcFlows).values({
			stateHash: "sh",
			bindingHash: "bh",
			provider: "company",
			codeVerifier: "v",
			nonce: "n",
			purpose: "link",
			userId: "u-a",
			returnTo: "/settings",
			expiresAt: T,
			createdAt: T,
		});
		await db.insert(lite.oidcHandoffs).values({
			codeHash: "ch",
			bindingHash: "bh",
			provider: "company",
			userId: "u-a",
			refusal: null,
			returnTo: "/",
			expiresAt: T,
			createdAt: T,
		});
		return { databasePath, mediaIds };
	} finally {
		await closeDatabase(db);
	}
}
