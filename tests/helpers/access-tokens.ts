import type { FastifyInstance } from "fastify";
import type { TokenScope } from "../../shared/schemas/tokens.ts";
import { api, bearer } from "./http.ts";
import type { TestUser } from "./users.ts";

export type TestToken = { id: string; token: string; headers: { authorization: string } };

/** A personal access token of `owner`, made as the owner makes one (REST, through their fresh session). */
export async function createPat(
	app: FastifyInstance,
	owner: Pick<TestUser, "headers">,
	scopes: TokenScope[] = ["read"],
	{ name = "script", days }: { name?: string; days?: number } = {},
): Promise<TestToken> {
	const res = await api(app, "POST", "/users/me/tokens", {
		headers: owner.headers,
		body: { name, scopes, ...(days !== undefined && { expires_in_days: days }) },
	});
	if (res.statusCode !== 200) throw new Error(`token creation failed: ${res.statusCode} ${res.body}`);
	const { id, token } = res.json() as { id: string; token: string };
	return { id, token, headers: bearer(token) };
}
