import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { users } from "../../server/db/schema.ts";
import { atomically } from "../../server/db/transaction.ts";
import { hashPassword } from "../../server/lib/passwords.ts";
import { createSession } from "../../server/services/sessions/session.ts";

/** The password of every seeded user unless a test gives another. */
export const PASSWORD = "correct-horse-battery";

let counter = 0;
/** An e-mail no other test user has, in this file or in another worker. */
export const uniqueEmail = (prefix = "user") => `${prefix}-${++counter}-${Date.now()}@example.com`;

export type TestUser = {
	id: string;
	email: string;
	password: string;
	accessToken: string;
	refreshToken: string;
	/** `{ authorization: "Bearer ..." }` for app.inject. */
	headers: { authorization: string };
};

const hashes = new Map<string, Promise<string>>();

/** argon2 costs ~60 ms: each distinct password is hashed once per test file. */
const hashOf = (password: string) => {
	let hashed = hashes.get(password);
	if (!hashed) {
		hashed = hashPassword(password);
		hashes.set(password, hashed);
	}
	return hashed;
};

export type SeedOptions = {
	email?: string;
	password?: string;
	fullName?: string | null;
	isSuperuser?: boolean;
	isActive?: boolean;
	emailVerified?: boolean;
	createdAt?: number;
	ip?: string;
	userAgent?: string;
};

/**
 * A user row (with a real argon2 hash, cached per password) and a live session: the same
 * row the services write, without the login route (so no rate limit). For tests that are
 * not about how users are made.
 */
export async function seedUser(app: FastifyInstance, options: SeedOptions = {}): Promise<TestUser> {
	const password = options.password ?? PASSWORD;
	const id = randomUUID();
	const email = (options.email ?? uniqueEmail()).toLowerCase();
	await app.deps.db.insert(users).values({
		id,
		email,
		fullName: options.fullName === undefined ? "Test User" : options.fullName,
		hashedPassword: await hashOf(password),
		isActive: options.isActive ?? true,
		isSuperuser: options.isSuperuser ?? false,
		emailVerified: options.emailVerified ?? true,
		createdAt: options.createdAt ?? app.deps.clock(),
	});
	const session = await newSession(app, { id }, options.ip, options.userAgent);
	return {
		id,
		email,
		password,
		accessToken: session.access_token,
		refreshToken: session.refresh_token,
		headers: session.headers,
	};
}

/** The superuser admin@example.com, as an admin-area test starts with. */
export const seedAdmin = async (app: FastifyInstance) =>
	seedUser(app, { isSuperuser: true, email: "admin@example.com" });

/** Another session for an existing user (another device). */
export async function newSession(app: FastifyInstance, user: { id: string }, ip = "127.0.0.1", userAgent = "vitest") {
	const tokens = await atomically(app.deps, (deps) => createSession(deps, user.id, { ip, userAgent }));
	return { ...tokens, headers: { authorization: `Bearer ${tokens.access_token}` } };
}
