import { randomBytes } from "node:crypto";
import { linkSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The key file a server without SECRET_KEY generates once and reads at every start. */
export const secretKeyPath = (dataDir: string) => join(dataDir, "secret.key");

/** The key is unusable (a damaged or truncated key file): the process must not start with it. */
export class SecretKeyError extends Error {}

const HEX_KEY = /^[0-9a-f]{64}$/i;

/**
 * The 32-byte key that encrypts two-factor secrets: SECRET_KEY when given, else the one in
 * DATA_DIR/secret.key, generated on the first start. The file is written whole under a
 * temporary name and then hard-linked into place, which fails if it exists: two processes
 * starting at once (the server and a CLI command) end up with the same key, and a crash
 * never leaves a half-written one. It holds 64 hex characters, the form SECRET_KEY takes too.
 */
export function loadSecretKey(options: KeyOptions): Buffer {
	const existing = readSecretKey(options);
	if (existing) return existing;
	const path = secretKeyPath(options.dataDir);
	const temporary = `${path}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
	try {
		writeFileSync(temporary, `${randomBytes(32).toString("hex")}\n`, { flag: "wx", mode: 0o600 });
		linkSync(temporary, path);
	} catch (error) {
		// Another process made it first: theirs is the key.
		if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
	} finally {
		rmSync(temporary, { force: true });
	}
	return readSecretKey(options) as Buffer;
}

type KeyOptions = { secretKey: Buffer | undefined; dataDir: string };

/** The key without making one: SECRET_KEY, else the key file, else null when there is none yet. */
export function readSecretKey(options: KeyOptions): Buffer | null {
	if (options.secretKey) return options.secretKey;
	const path = secretKeyPath(options.dataDir);
	let text: string;
	try {
		text = readFileSync(path, "utf8").trim();
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
		throw error;
	}
	if (!HEX_KEY.test(text))
		throw new SecretKeyError(
			`${path} does not hold a key (64 hexadecimal characters); restore it from your backup or set SECRET_KEY`,
		);
	return Buffer.from(text, "hex");
}
