import { crc32 } from "node:zlib";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { newSecret, newTokenId } from "./tokens.ts";

/**
 * Personal access tokens: `portico_pat_<id>_<secret><crc>`, base32 lower-case throughout.
 * `id` (128 bits, 26 characters) is public and the lookup key; `secret` (256 bits, 52
 * characters) is only ever stored as its SHA-256; `crc` (7 characters) is the CRC32 of
 * everything before it, so a mistyped or made-up token is refused without a database read.
 * Only `_` separates the parts, so a double-click selects the whole token. Secret scanners
 * find them with the regular expression below (README, "Personal access tokens").
 */
export const PAT_PREFIX = "portico_pat_";

/** What a secret scanner (gitleaks, trufflehog) looks for. */
export const PAT_PATTERN = /portico_pat_[a-z2-7]{26}_[a-z2-7]{59}/;

const SHAPE = /^portico_pat_([a-z2-7]{26})_([a-z2-7]{52})([a-z2-7]{7})$/;

const checksumOf = (body: string): string => {
	const bytes = Buffer.alloc(4);
	bytes.writeUInt32BE(crc32(body));
	return encodeBase32LowerCaseNoPadding(bytes);
};

/** A new token: the id and secret to store (hashed) and the text shown once. */
export function newAccessToken(): { id: string; secret: string; token: string } {
	const id = newTokenId();
	const secret = newSecret();
	const body = `${PAT_PREFIX}${id}_${secret}`;
	return { id, secret, token: `${body}${checksumOf(body)}` };
}

/** Whether a bearer credential is meant as a personal access token (by its prefix alone). */
export const looksLikeAccessToken = (credential: string): boolean => credential.startsWith(PAT_PREFIX);

/** The id and secret of a well-formed token whose checksum holds; null for anything else. */
export function parseAccessToken(token: string): { id: string; secret: string } | null {
	const match = SHAPE.exec(token);
	if (!match) return null;
	const [, id, secret, crc] = match as unknown as [string, string, string, string];
	return checksumOf(`${PAT_PREFIX}${id}_${secret}`) === crc ? { id, secret } : null;
}
