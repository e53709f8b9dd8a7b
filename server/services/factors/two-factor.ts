import { and, count, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { RecoveryCodes, TotpCodeInput, TotpSetup, TwoFactorStatus } from "../../../shared/schemas/two-factor.ts";
import type { Db } from "../../db/client.ts";
import { changedRows, first } from "../../db/query.ts";
import { mfaTokens, recoveryCodes, type UserRow, users } from "../../db/schema.ts";
import { atomically } from "../../db/transaction.ts";
import { fail } from "../../domain/errors.ts";
import { DecryptionError, open, seal } from "../../lib/encryption.ts";
import { qrCodeSvg } from "../../lib/qr-code.ts";
import {
	newRecoveryCode,
	normalizeRecoveryCode,
	RECOVERY_CODE_COUNT,
	recoveryCodeHash,
} from "../../lib/recovery-codes.ts";
import { matchingStep, newTotpKey, totpKeyText, totpUri } from "../../lib/totp.ts";
import { recordAudit } from "../audit/record.ts";
import type { RequestMeta, ServiceDeps } from "../deps.ts";
import { sendNotice } from "../notices.ts";
import { atomicallyAs, atomicallyAsAdmin } from "../sessions/acting-session.ts";
import { type Authenticated, requireRecentAuth, type SessionPrincipal } from "../sessions/session.ts";
import { findUserById, type Transaction } from "../users/records.ts";

/** The name authenticator apps show above the account. */
const ISSUER = "Portico";

/** The secret is sealed to its user: copied into another user's row, it does not open. */
const context = (userId: string) => `totp:${userId}`;

/** On once its first code confirmed the secret (`totpEnabledAt` is set only with a secret, and cleared with it). */
const isEnabled = (user: Pick<UserRow, "totpEnabledAt">) => user.totpEnabledAt !== null;

/**
 * The user's TOTP key. A secret that does not open means the server runs with another key
 * than the one it was sealed with (a backup restored without its secret.key): the operator
 * must hear of it, and the user gets a clear refusal instead of "Invalid code" forever.
 */
function totpKeyOf(deps: ServiceDeps, user: UserRow): Uint8Array {
	try {
		return open(deps.secretKey, user.totpSecret ?? "", context(user.id));
	} catch (error) {
		if (!(error instanceof DecryptionError)) throw error;
		deps.log.error(
			{ userId: user.id },
			"a two-factor secret does not decrypt: this server's SECRET_KEY (or DATA_DIR/secret.key) is not the key it was stored with; restore that key, or have an admin reset the user's two-factor",
		);
		return fail("TWO_FACTOR_UNAVAILABLE");
	}
}

const unusedCodes = (userId: string) => and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt));

async function recoveryCodesLeft({ db }: ServiceDeps, userId: string): Promise<number> {
	return (await first(db.select({ value: count() }).from(recoveryCodes).where(unusedCodes(userId))))?.value ?? 0;
}

/** New codes replace every older one (call it inside the change's transaction); only their hashes are kept. */
async function replaceRecoveryCodes(deps: ServiceDeps, userId: string): Promise<string[]> {
	const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
	const createdAt = deps.clock();
	await deps.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
	await deps.db
		.insert(recoveryCodes)
		.values(codes.map((code) => ({ userId, createdAt, codeHash: recoveryCodeHash(normalizeRecoveryCode(code)!) })));
	return codes;
}

/** Turns two-factor off for the user: secret, codes and pending second steps go. Inside a transaction. */
async function clearTwoFactor({ db }: ServiceDeps, userId: string): Promise<void> {
	await db.update(users).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(users.id, userId));
	await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
	await db.delete(mfaTokens).where(eq(mfaTokens.userId, userId));
}

/**
 * Turns two-factor off for a revert ("This wasn't me"), inside its transaction: whoever
 * held the account may have set it up with their own app. Says what went (never a secret).
 */
export async function removeTwoFactor(
	deps: ServiceDeps,
	userId: string,
): Promise<{ totp: boolean; recoveryCodes: number }> {
	const user = await findUserById(deps, userId);
	const removed = { totp: user ? isEnabled(user) : false, recoveryCodes: await recoveryCodesLeft(deps, userId) };
	await clearTwoFactor(deps, userId);
	return removed;
}

export async function twoFactorStatus(
	deps: ServiceDeps,
	user: Pick<UserRow, "id" | "totpEnabledAt">,
): Promise<TwoFactorStatus> {
	const enabled = isEnabled(user);
	return {
		enabled,
		enabled_at: enabled ? new Date(user.totpEnabledAt as number).toISOString() : null,
		recovery_codes_left: enabled ? await recoveryCodesLeft(deps, user.id) : 0,
	};
}

/** A user's two-factor status, for a superuser about to reset it. */
export async function twoFactorStatusOf(deps: ServiceDeps, userId: string): Promise<TwoFactorStatus> {
	return await twoFactorStatus(deps, (await findUserById(deps, userId)) ?? fail("USER_NOT_FOUND"));
}

/**
 * Starts enabling two-factor: a new secret, stored encrypted and not live yet, shown once
 * as text and as a QR code. Starting again replaces a secret that was never confirmed.
 */
export async function setupTwoFactor(deps: ServiceDeps, auth: SessionPrincipal): Promise<TotpSetup> {
	requireRecentAuth(deps, auth);
	if (isEnabled(auth.user)) fail("TOTP_ALREADY_ENABLED");
	const key = newTotpKey();
	await atomicallyAs(deps, auth, async (deps, now) => {
		if (isEnabled(now.user)) fail("TOTP_ALREADY_ENABLED");
		await deps.db
			.update(users)
			.set({ totpSecret: seal(deps.secretKey, key, context(now.user.id)), totpLastStep: null })
			.where(eq(users.id, now.user.id));
	});
	const otpauthUrl = totpUri(ISSUER, auth.user.email, key);
	return { secret: totpKeyText(key), otpauth_url: otpauthUrl, qr_svg: qrCodeSvg(otpauthUrl) };
}

/**
 * Enables two-factor once the app proves it holds the secret (its current code), and
 * answers the first recovery codes. The code's step counts as used, so the same code cannot
 * also sign in. A recent proof of identity is needed, as for the setup: whoever holds the
 * session for a moment must not bind the account to their own app.
 */
export async function enableTwoFactor(
	deps: ServiceDeps,
	auth: SessionPrincipal,
	input: TotpCodeInput,
	meta: RequestMeta,
): Promise<RecoveryCodes> {
	requireRecentAuth(deps, auth);
	await deps.limiter.take(deps, "login", meta.ip);
	const codes = await atomicallyAs(deps, auth, async (deps, { user: caller }) => {
		// The session knows no secret: the row is read here, in the transaction that uses it.
		const user = (await findUserById(deps, caller.id)) ?? fail("INVALID_CREDENTIALS");
		if (isEnabled(user)) fail("TOTP_ALREADY_ENABLED");
		if (user.totpSecret === null) fail("TOTP_NOT_SET_UP");
		const step = matchingStep(totpKeyOf(deps, user), input.code, deps.clock());
		if (step === null) return fail("INVALID_TOTP_CODE");
		await deps.db.update(users).set({ totpEnabledAt: deps.clock(), totpLastStep: step }).where(eq(users.id, user.id));
		await recordAudit(deps, { action: "totp.enable", actor: user, subject: user, meta });
		return await replaceRecoveryCodes(deps, user.id);
	});
	sendNotice(deps, auth.user, { kind: "totpEnabled" }, meta);
	return { recovery_codes: codes };
}

export const TWO_FACTOR_DISABLED = { message: "Two-factor authentication disabled" };

/** Turns two-factor off (a recent proof of identity needed). Off already: nothing changes, same answer. */
export async function disableTwoFactor(
	deps: ServiceDeps,
	auth: SessionPrincipal,
	meta: RequestMeta,
): Promise<{ message: string }> {
	requireRecentAuth(deps, auth);
	const wasEnabled = await atomicallyAs(deps, auth, async (deps, { user }) => {
		const enabled = isEnabled(user);
		await clearTwoFactor(deps, user.id);
		if (enabled) await recordAudit(deps, { action: "totp.disable", actor: user, subject: user, meta });
		return enabled;
	});
	if (wasEnabled) sendNotice(deps, auth.user, { kind: "totpDisabled" }, meta);
	return TWO_FACTOR_DISABLED;
}

/** New recovery codes (a recent proof of identity needed); every older one stops working. */
export async function regenerateRecoveryCodes(
	deps: ServiceDeps,
	auth: SessionPrincipal,
	meta: RequestMeta,
): Promise<RecoveryCodes> {
	requireRecentAuth(deps, auth);
	await deps.limiter.take(deps, "recoveryCodes", auth.user.id);
	const codes = await atomicallyAs(deps, auth, async (deps, { user }) => {
		if (!isEnabled(user)) fail("TOTP_NOT_ENABLED");
		await recordAudit(deps, { action: "recovery_codes.regenerate", actor: user, subject: user, meta });
		return await replaceRecoveryCodes(deps, user.id);
	});
	return { recovery_codes: codes };
}

/**
 * For a user who lost both their phone and their recovery codes: a superuser (or the
 * operator at the CLI, `admin` null) turns their two-factor off. The user is told by e-mail.
 * A superuser's own two-factor is theirs to turn off in Settings, with a recent proof of
 * identity: through here it would need none.
 */
export async function resetTwoFactor(
	deps: ServiceDeps,
	admin: Authenticated | null,
	userId: string,
	meta?: RequestMeta,
): Promise<{ message: string }> {
	if (admin?.user.id === userId) fail("OWN_ACCOUNT_IN_SETTINGS");
	const inTransaction: Transaction = async (work) =>
		admin ? await atomicallyAsAdmin(deps, admin, (deps) => work(deps)) : atomically(deps, work);
	const target = await inTransaction(async (deps) => {
		const user = (await findUserById(deps, userId)) ?? fail("USER_NOT_FOUND");
		const enabled = isEnabled(user);
		await clearTwoFactor(deps, user.id);
		if (enabled)
			await recordAudit(deps, {
				action: "admin.totp_reset",
				actor: admin?.user ?? null,
				subject: user,
				meta,
				details: admin ? {} : { by: "operator" },
			});
		return enabled ? user : null;
	});
	if (target) sendNotice(deps, target, { kind: "totpReset" }, meta);
	return TWO_FACTOR_DISABLED;
}

export type SpentFactor = { factor: "totp" } | { factor: "recovery_code"; remaining: number };

/**
 * Checks and spends a second factor of the user, inside the caller's transaction: a code
 * of the app (never one of a step at or before the last accepted one, so no code works
 * twice) or an unused recovery code (marked used by the statement that finds it, so of two
 * concurrent uses one wins). Null when it is neither, or two-factor is off.
 */
export async function spendSecondFactor(
	deps: ServiceDeps,
	user: UserRow,
	code: string,
	meta: RequestMeta | undefined,
): Promise<SpentFactor | null> {
	const { db } = deps;
	if (!isEnabled(user)) return null;
	// Six digits are an app's code; anything else can only be a recovery code, which keeps
	// working even when the secrets' key is lost.
	if (/^\s*\d{3}\s*\d{3}\s*$/.test(code)) {
		const step = matchingStep(totpKeyOf(deps, user), code, deps.clock());
		if (step === null) return null;
		const accepted = await changedRows(
			db
				.update(users)
				.set({ totpLastStep: step })
				.where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step)))),
		);
		return accepted === 1 ? { factor: "totp" } : null;
	}
	const normalized = normalizeRecoveryCode(code);
	if (normalized === null) return null;
	const spent = await first(
		db
			.update(recoveryCodes)
			.set({ usedAt: deps.clock() })
			.where(and(unusedCodes(user.id), eq(recoveryCodes.codeHash, recoveryCodeHash(normalized))))
			.returning({ id: recoveryCodes.id }),
	);
	if (!spent) return null;
	const remaining = await recoveryCodesLeft(deps, user.id);
	await recordAudit(deps, { action: "recovery_code.use", actor: user, subject: user, meta, details: { remaining } });
	return { factor: "recovery_code", remaining };
}

/** After the transaction that spent it committed: a recovery code's use is told to the owner. */
export function announceSpentFactor(
	deps: ServiceDeps,
	user: Pick<UserRow, "email" | "fullName">,
	spent: SpentFactor,
	meta: RequestMeta | undefined,
): void {
	if (spent.factor === "recovery_code")
		sendNotice(deps, user, { kind: "recoveryCodeUsed", remaining: spent.remaining }, meta);
}

/** Whether the account asks for a second factor after its password. */
export const hasTwoFactor = isEnabled;

/** One account holding a secret, through the partial index of holders: no scan of every user at start. */
export const firstSecretHolder = (db: Db) =>
	db.select({ id: users.id, secret: users.totpSecret }).from(users).where(isNotNull(users.totpSecret)).limit(1);

/** Whether any user has a two-factor secret stored (enabled or being set up). */
export const hasTwoFactorSecrets = async (db: Db): Promise<boolean> =>
	(await first(firstSecretHolder(db))) !== undefined;

/**
 * Whether the stored two-factor secrets open with this server's key: "mismatch" after a
 * backup was restored without its key (or SECRET_KEY changed). One secret is enough to
 * tell, as they are all sealed with the same key. For the start and the restore command.
 */
export async function checkSecretKey(
	deps: Pick<ServiceDeps, "db" | "secretKey">,
): Promise<"ok" | "no secrets" | "mismatch"> {
	const row = await first(firstSecretHolder(deps.db));
	if (!row?.secret) return "no secrets";
	try {
		open(deps.secretKey, row.secret, context(row.id));
		return "ok";
	} catch {
		return "mismatch";
	}
}
