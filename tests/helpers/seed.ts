import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { users } from "../../server/db/schema.ts";
import { hashPassword } from "../../server/lib/passwords.ts";
import { createSession } from "../../server/services/sessions.ts";
import { PASSWORD, type TestUser, uniqueEmail } from "./factories.ts";

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
 * A user row (with a real argon2 hash, cached per password) and a live session. The
 * same row the services write; used where the test is not about how users are made.
 */
export async function seedUser(app: FastifyInstance, options: SeedOptions = {}): Promise<TestUser> {
	const password = options.password ?? PASSWORD;
	const id = randomUUID();
	const email = (options.email ?? uniqueEmail()).toLowerCase();
	app.deps.db
		.insert(users)
		.values({
			id,
			email,
			fullName: options.fullName === undefined ? "Test User" : options.fullName,
			hashedPassword: await hashOf(password),
			isActive: options.isActive ?? true,
			isSuperuser: options.isSuperuser ?? false,
			emailVerified: options.emailVerified ?? true,
			createdAt: options.createdAt ?? app.deps.clock(),
		})
		.run();
	const tokens = createSession(app.deps, id, {
		ip: options.ip ?? "127.0.0.1",
		userAgent: options.userAgent ?? "vitest",
	});
	return {
		id,
		email,
		password,
		accessToken: tokens.access_token,
		refreshToken: tokens.refresh_token,
		headers: { authorization: `Bearer ${tokens.access_token}` },
	};
}

/** A second session for an existing user (another device). */
export function newSession(app: FastifyInstance, user: { id: string }, ip = "127.0.0.1") {
	const tokens = createSession(app.deps, user.id, { ip, userAgent: "vitest" });
	return { ...tokens, headers: { authorization: `Bearer ${tokens.access_token}` } };
}
