import { createHmac } from "node:crypto";

/**
 * RFC 4226/6238 done again with node:crypto, apart from the server's code (which uses
 * @oslojs/otp): what an authenticator app computes from the secret it was shown.
 */
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function base32Decode(text: string): Buffer {
	let bits = 0;
	let value = 0;
	const bytes: number[] = [];
	for (const char of text.replace(/[\s=]/g, "").toUpperCase()) {
		const index = ALPHABET.indexOf(char);
		if (index === -1) throw new Error(`not base32: ${char}`);
		value = (value << 5) | index;
		bits += 5;
		if (bits >= 8) {
			bytes.push((value >>> (bits - 8)) & 0xff);
			bits -= 8;
		}
	}
	return Buffer.from(bytes);
}

/** The HOTP value of a counter, `digits` long. */
export function hotp(key: Buffer, counter: number, digits = 6): string {
	const message = Buffer.alloc(8);
	message.writeBigUInt64BE(BigInt(counter));
	const mac = createHmac("sha1", key).update(message).digest();
	const offset = (mac.at(-1) as number) & 0x0f;
	const number = mac.readUInt32BE(offset) & 0x7fffffff;
	return String(number % 10 ** digits).padStart(digits, "0");
}

/** The 6-digit code an app shows at a moment (ms) for a base32 secret; `steps` moves it by 30 s steps. */
export const totpAt = (secret: string, ms: number, steps = 0): string =>
	hotp(base32Decode(secret), Math.floor(ms / 30_000) + steps);
