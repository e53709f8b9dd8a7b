import { randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { limitConcurrency } from "./concurrency.ts";

/** `Algorithm.Argon2id`; the enum is a const enum, which isolated modules cannot read. */
const ARGON2ID = 2;

/** OWASP's argon2id parameters: 19 MiB, 2 passes, 1 lane. */
const options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** At most this many hashes run at once; the rest queue, so a login storm cannot exhaust memory. */
export const MAX_HASHES_IN_FLIGHT = 4;
const withSlot = limitConcurrency(MAX_HASHES_IN_FLIGHT);

export const hashPassword = (password: string) => withSlot(() => hash(password, options));

export const verifyPassword = (storedHash: string, password: string) =>
	withSlot(() => verify(storedHash, password).catch(() => false));

let dummyHash: Promise<string> | undefined;

/** Spends the time of a real verify when there is no user, so timing does not reveal which e-mails exist. */
export async function verifyAgainstDummy(password: string): Promise<false> {
	dummyHash ??= hashPassword("portico-dummy-password-for-equal-timing");
	await verifyPassword(await dummyHash, password);
	return false;
}

/** A password for an operator to note when none was chosen: 144 random bits. */
export const randomPassword = () => randomBytes(18).toString("base64url");
