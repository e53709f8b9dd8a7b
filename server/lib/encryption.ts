import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/** The stored form says its scheme, so a later scheme can sit beside it. */
const PREFIX = "v1.";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The ciphertext does not open with this key: another SECRET_KEY or secret.key than the one it was sealed with. */
export class DecryptionError extends Error {
	constructor() {
		super("the stored secret does not decrypt with this server's key (SECRET_KEY or DATA_DIR/secret.key)");
		this.name = "DecryptionError";
	}
}

/**
 * AES-256-GCM with a random 96-bit nonce. `context` (what the secret belongs to, such as
 * a user id) is authenticated but not stored: a ciphertext copied into another row does
 * not open there.
 */
export function seal(key: Buffer, plaintext: Uint8Array, context: string): string {
	const iv = randomBytes(IV_BYTES);
	const cipher = createCipheriv("aes-256-gcm", key, iv);
	cipher.setAAD(Buffer.from(context, "utf8"));
	const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
	return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/** The plaintext of `seal`; throws DecryptionError for another key, another context or altered bytes. */
export function open(key: Buffer, sealed: string, context: string): Uint8Array {
	if (!sealed.startsWith(PREFIX)) throw new DecryptionError();
	const bytes = Buffer.from(sealed.slice(PREFIX.length), "base64url");
	if (bytes.length < IV_BYTES + TAG_BYTES) throw new DecryptionError();
	try {
		const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, IV_BYTES));
		decipher.setAAD(Buffer.from(context, "utf8"));
		decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
		return new Uint8Array(Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]));
	} catch {
		throw new DecryptionError();
	}
}
