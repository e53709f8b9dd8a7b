import type { FastifyInstance } from "fastify";
import { DomainError } from "../../server/domain/errors.ts";
import type { RequestMeta } from "../../server/services/deps.ts";
import { authenticateAccessToken, type SessionPrincipal } from "../../server/services/sessions/session.ts";
import type { TestUser } from "./users.ts";

/** Who is asking, for a service called directly. */
export const META: RequestMeta = { ip: "127.0.0.1", userAgent: "vitest" };

/** The user and session a service receives from the adapters, for a seeded user. */
export async function authOf(app: FastifyInstance, user: Pick<TestUser, "accessToken">): Promise<SessionPrincipal> {
	const auth = await authenticateAccessToken(app.deps, user.accessToken);
	if (!auth) throw new Error("the seeded session does not hold");
	return auth;
}

/**
 * The reason of the DomainError a service call throws (sync or async), or "no refusal"
 * when it succeeds; any other error is re-thrown.
 */
export async function refusal(call: () => unknown): Promise<string> {
	try {
		await call();
	} catch (error) {
		if (error instanceof DomainError) return error.reason;
		throw error;
	}
	return "no refusal";
}
