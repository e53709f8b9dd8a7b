import { randomBytes } from "node:crypto";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { hashSecretHex } from "./tokens.ts";

/** How many codes a user gets at a time. */
export const RECOVERY_CODE_COUNT = 10;

/**
 * A recovery code: 80 random bits as 16 base32 letters and digits, in four groups
 * ("k7ch-2mqa-x4nd-pw3e"). With that much entropy one SHA-256 is enough to store it: no
 * list of guesses reaches it, so it needs no slow hash.
 */
export function newRecoveryCode(): string {
	const text = encodeBase32LowerCaseNoPadding(randomBytes(10));
	return text.match(/.{4}/g)?.join("-") ?? text;
}

/** A typed code as stored: lower case, without spaces or dashes; null when it cannot be one. */
export function normalizeRecoveryCode(typed: string): string | null {
	const text = typed.toLowerCase().replace(/[\s-]+/g, "");
	return /^[a-z2-7]{16}$/.test(text) ? text : null;
}

/** What is kept of a code: SHA-256 of its normal form. */
export const recoveryCodeHash = (normalized: string): string => hashSecretHex(normalized);
