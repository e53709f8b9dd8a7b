import type { FastifyInstance } from "fastify";
import { createSession } from "../../server/services/sessions.ts";
import { insertUser } from "../../server/services/users.ts";

export const PASSWORD = "correct-horse-battery";

let counter = 0;
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

/** A user with a live session, made through the services (no login route, so no rate limit). */
export async function createUser(
	app: FastifyInstance,
	options: {
		email?: string;
		password?: string;
		fullName?: string;
		isSuperuser?: boolean;
		isActive?: boolean;
		emailVerified?: boolean;
	} = {},
): Promise<TestUser> {
	const email = options.email ?? uniqueEmail();
	const password = options.password ?? PASSWORD;
	const row = await insertUser(
		app.deps,
		{
			email,
			fullName: options.fullName ?? "Test User",
			password,
			isActive: options.isActive ?? true,
			isSuperuser: options.isSuperuser ?? false,
			emailVerified: options.emailVerified ?? true,
		},
		"CREATE_EMAIL_TAKEN",
	);
	const tokens = createSession(app.deps, row.id, { ip: "127.0.0.1", userAgent: "vitest" });
	return {
		id: row.id,
		email: row.email,
		password,
		accessToken: tokens.access_token,
		refreshToken: tokens.refresh_token,
		headers: { authorization: `Bearer ${tokens.access_token}` },
	};
}
