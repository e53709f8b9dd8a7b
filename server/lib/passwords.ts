import { randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { limitConcurrency } from "./concurrency.ts";

/** `Algorithm.Argon2id`; the enum is a const enum, which isolated modules cannot read. */
const ARGON2ID = 2;

/** OWASP's argon2id parameters: 19 MiB, 2 passes, 1 lane. */
const options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** At most this many hashes run at once; the rest queue, so a login storm cannot exhaust memory. */
export const MAX_HASHES_IN_FLIGHT = 4;
/** ...and at most this many for one account or one request, so neither can starve everyone else. */
export const MAX_HASHES_PER_KEY = 2;

/**
 * Who a hash is for: the account (its e-mail) and, when there is one, the HTTP request
 * (a tRPC batch carries many calls in one request). Each key gets a share of the pool.
 */
export type HashKeys = string[];

/** The app's password hashing; tests wrap it to pause between the hash and what follows. */
export type PasswordHasher = {
	hash(password: string, keys: HashKeys): Promise<string>;
	verify(storedHash: string, password: string, keys: HashKeys): Promise<boolean>;
};

/** argon2id without the app's pool: for seeding and benchmarks, never for requests. */
export const hashPassword = (password: string) => hash(password, options);

/**
 * What an account without a usable password stores (an invited user who has not chosen
 * one yet): not an argon2 hash, so no password ever verifies against it.
 */
export const NO_PASSWORD = "!";

let dummyHash: Promise<string> | undefined;
const dummy = () => {
	dummyHash ??= hashPassword("portico-dummy-password-for-equal-timing");
	return dummyHash;
};

type Argon2 = { hash: typeof hash; verify: typeof verify };

/** A hasher with its own fair pool; the app makes one at start. `argon2` is replaceable to observe the pool. */
export function createPasswordHasher(argon2: Argon2 = { hash, verify }): PasswordHasher {
	const withSlot = limitConcurrency(MAX_HASHES_IN_FLIGHT, MAX_HASHES_PER_KEY);
	return {
		hash: (password, keys) => withSlot(() => argon2.hash(password, options), keys),
		verify: (storedHash, password, keys) =>
			withSlot(async () => {
				// No password yet: a real verify all the same, so the answer and its timing are a wrong password's.
				if (storedHash === NO_PASSWORD)
					return argon2.verify(await dummy(), password).then(
						() => false,
						() => false,
					);
				return argon2.verify(storedHash, password).catch(() => false);
			}, keys),
	};
}

/** Spends the time of a real verify when there is no user, so timing does not reveal which e-mails exist. */
export async function verifyAgainstDummy(hasher: PasswordHasher, password: string, keys: HashKeys): Promise<false> {
	await hasher.verify(await dummy(), password, keys);
	return false;
}

/** The pool keys of an account, and of the request when the caller has one. */
export const hashKeys = (email: string, requestId?: string): HashKeys =>
	requestId === undefined
		? [`account:${email.toLowerCase()}`]
		: [`account:${email.toLowerCase()}`, `request:${requestId}`];

/** A password for an operator to note when none was chosen: 144 random bits. */
export const randomPassword = () => randomBytes(18).toString("base64url");
