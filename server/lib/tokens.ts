import { hash, randomBytes, timingSafeEqual } from "node:crypto";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";

/** 128 random bits, base32: the public half of a token. */
export const newTokenId = () => encodeBase32LowerCaseNoPadding(randomBytes(16));

/** 32 random bytes, base32: the secret half of a token. */
export const newSecret = () => encodeBase32LowerCaseNoPadding(randomBytes(32));

// SHA-256 of the secret's UTF-8 bytes. Node's one-shot hash, native: every authenticated
// request checks one, and the pure-JavaScript SHA-256 was a few percent of such a request.
export const hashSecret = (secret: string): Buffer => hash("sha256", secret, "buffer");

export const hashSecretHex = (secret: string): string => hash("sha256", secret, "hex");

export const secretMatches = (secret: string, storedHash: Uint8Array): boolean => {
	const computed = hashSecret(secret);
	return computed.length === storedHash.length && timingSafeEqual(computed, storedHash);
};

/** Splits `<id>.<secret>`; anything of another shape is null. */
export function parseToken(token: string): { id: string; secret: string } | null {
	const match = /^([a-z2-7]{26})\.([a-z2-7]{52})$/.exec(token);
	return match ? { id: match[1] as string, secret: match[2] as string } : null;
}
