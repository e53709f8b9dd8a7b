import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DecryptionError, open, seal } from "../../../server/lib/encryption.ts";
import { newRecoveryCode, normalizeRecoveryCode } from "../../../server/lib/recovery-codes.ts";
import { loadSecretKey, readSecretKey, SecretKeyError } from "../../../server/lib/secret-key.ts";
import { matchingStep, newTotpKey, totpCode, totpKeyText, totpStep, totpUri } from "../../../server/lib/totp.ts";
import { base32Decode, hotp } from "../../helpers/totp.ts";

/** RFC 6238, appendix B: the SHA-1 seed and the 8-digit codes at its test times; apps show the last 6 digits. */
const RFC_SEED = new TextEncoder().encode("12345678901234567890");
const RFC_VECTORS: Array<[number, string]> = [
	[59, "94287082"],
	[1111111109, "07081804"],
	[1111111111, "14050471"],
	[1234567890, "89005924"],
	[2000000000, "69279037"],
	[20000000000, "65353130"],
];

describe("TOTP (RFC 6238: 6 digits, 30 s, SHA-1)", () => {
	it.each(RFC_VECTORS)("at %i s the code is the RFC's, truncated to 6 digits", (seconds, eight) => {
		const step = totpStep(seconds * 1000);
		expect(totpCode(RFC_SEED, step)).toBe(eight.slice(-6));
		expect(matchingStep(RFC_SEED, eight.slice(-6), seconds * 1000)).toBe(step);
		// The test kit's own RFC 4226 agrees, so e2e codes computed with it are the server's.
		expect(hotp(Buffer.from(RFC_SEED), step, 8)).toBe(eight);
	});

	it("accepts one step of drift either way, not two", () => {
		const key = newTotpKey();
		const now = 1_700_000_000_000;
		const step = totpStep(now);
		for (const offset of [-1, 0, 1]) expect(matchingStep(key, totpCode(key, step + offset), now)).toBe(step + offset);
		for (const offset of [-2, 2]) expect(matchingStep(key, totpCode(key, step + offset), now)).toBeNull();
	});

	it("allows spaces as apps show them, and refuses anything but six digits", () => {
		const key = newTotpKey();
		const now = 1_700_000_000_000;
		const code = totpCode(key, totpStep(now));
		expect(matchingStep(key, `${code.slice(0, 3)} ${code.slice(3)}`, now)).toBe(totpStep(now));
		for (const wrong of ["", "12345", "1234567", "abcdef", `${code}0`])
			expect(matchingStep(key, wrong, now)).toBeNull();
	});

	it("makes 160-bit keys, shown as 32 base32 characters, in an otpauth URI apps read", () => {
		const key = newTotpKey();
		expect(key).toHaveLength(20);
		const text = totpKeyText(key);
		expect(text).toMatch(/^[A-Z2-7]{32}$/);
		expect(base32Decode(text)).toEqual(Buffer.from(key));
		const written = totpUri("Portico", "ann@example.com", key);
		expect(written.startsWith("otpauth://totp/Portico:ann%40example.com?")).toBe(true);
		const uri = new URL(written);
		expect(Object.fromEntries(uri.searchParams)).toEqual({
			issuer: "Portico",
			algorithm: "SHA1",
			secret: text,
			period: "30",
			digits: "6",
		});
	});
});

describe("secrets at rest (AES-256-GCM)", () => {
	const key = randomBytes(32);
	const secret = new Uint8Array(randomBytes(20));

	it("opens with the key and context it was sealed with; the stored text does not show the secret", () => {
		const sealed = seal(key, secret, "totp:user-1");
		expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
		expect(sealed).not.toContain(Buffer.from(secret).toString("base64url"));
		expect(open(key, sealed, "totp:user-1")).toEqual(secret);
		// A fresh nonce each time.
		expect(seal(key, secret, "totp:user-1")).not.toBe(sealed);
	});

	it("does not open with another key, in another row, or altered", () => {
		const sealed = seal(key, secret, "totp:user-1");
		expect(() => open(randomBytes(32), sealed, "totp:user-1")).toThrow(DecryptionError);
		expect(() => open(key, sealed, "totp:user-2")).toThrow(DecryptionError);
		const bytes = Buffer.from(sealed.slice(3), "base64url");
		bytes[bytes.length - 1] = (bytes.at(-1) as number) ^ 1;
		expect(() => open(key, `v1.${bytes.toString("base64url")}`, "totp:user-1")).toThrow(DecryptionError);
		expect(() => open(key, "plain text", "totp:user-1")).toThrow(DecryptionError);
	});
});

describe("recovery codes", () => {
	it("are 80 random bits in four groups, read back in any case, with or without dashes", () => {
		const codes = Array.from({ length: 200 }, newRecoveryCode);
		expect(new Set(codes).size).toBe(200);
		for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
		const [code] = codes as [string];
		const normal = code.replaceAll("-", "");
		expect(normalizeRecoveryCode(code)).toBe(normal);
		expect(normalizeRecoveryCode(code.toUpperCase())).toBe(normal);
		expect(normalizeRecoveryCode(` ${normal.slice(0, 8)} ${normal.slice(8)} `)).toBe(normal);
		for (const wrong of ["", "123456", `${normal}a`, normal.slice(1), "0000-0000-0000-0000"])
			expect(normalizeRecoveryCode(wrong)).toBeNull();
	});
});

describe("the key file (DATA_DIR/secret.key)", () => {
	const dirs: string[] = [];
	const tempDir = () => {
		const dir = mkdtempSync(join(tmpdir(), "portico-key-"));
		dirs.push(dir);
		return dir;
	};
	afterEach(() => {
		for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
	});

	it("is made once, owner-only, as 64 hex characters, and read back the same at the next start", () => {
		const dataDir = tempDir();
		expect(readSecretKey({ secretKey: undefined, dataDir })).toBeNull();
		const first = loadSecretKey({ secretKey: undefined, dataDir });
		const path = join(dataDir, "secret.key");
		expect(statSync(path).mode & 0o777).toBe(0o600);
		expect(readFileSync(path, "utf8")).toBe(`${first.toString("hex")}\n`);
		expect(loadSecretKey({ secretKey: undefined, dataDir })).toEqual(first);
		// No temporary file is left behind.
		expect(readdirSync(dataDir)).toEqual(["secret.key"]);
	});

	it("gives way to SECRET_KEY, which makes no file", () => {
		const dataDir = tempDir();
		const given = randomBytes(32);
		expect(loadSecretKey({ secretKey: given, dataDir })).toEqual(given);
		expect(readSecretKey({ secretKey: undefined, dataDir })).toBeNull();
	});

	it("refuses a damaged file with a message naming it, instead of making another key", () => {
		const dataDir = tempDir();
		writeFileSync(join(dataDir, "secret.key"), "abc\n");
		expect(() => loadSecretKey({ secretKey: undefined, dataDir })).toThrow(SecretKeyError);
		expect(() => loadSecretKey({ secretKey: undefined, dataDir })).toThrow(/secret\.key does not hold a key/);
		expect(readFileSync(join(dataDir, "secret.key"), "utf8")).toBe("abc\n");
	});
});
