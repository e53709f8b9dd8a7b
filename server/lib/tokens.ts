import { randomBytes } from "node:crypto";
import { sha256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";

const encoder = new TextEncoder();

/** 128 random bits, base32: the public half of a token. */
export const newTokenId = () => encodeBase32LowerCaseNoPadding(randomBytes(16));

/** 32 random bytes, base32: the secret half of a token. */
export const newSecret = () => encodeBase32LowerCaseNoPadding(randomBytes(32));

export const hashSecret = (secret: string): Buffer => Buffer.from(sha256(encoder.encode(secret)));

export const hashSecretHex = (secret: string): string => encodeHexLowerCase(sha256(encoder.encode(secret)));

export const secretMatches = (secret: string, storedHash: Uint8Array): boolean =>
	constantTimeEqual(hashSecret(secret), storedHash);

/** Splits `<id>.<secret>`; anything of another shape is null. */
export function parseToken(token: string): { id: string; secret: string } | null {
	const match = /^([a-z2-7]{26})\.([a-z2-7]{52})$/.exec(token);
	return match ? { id: match[1] as string, secret: match[2] as string } : null;
}
