import { randomUUID } from "node:crypto";
import type { InjectOptions } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { ROUTE_SCOPES } from "../../../server/rest/token-scopes.ts";
import { errorTexts } from "../../../shared/errors.ts";
import { type TokenScope, tokenScopes } from "../../../shared/schemas/tokens.ts";
import { createPat, type TestToken } from "../../helpers/access-tokens.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { API, api } from "../../helpers/http.ts";
import { seedAdmin } from "../../helpers/users.ts";

type Operation = { responses: Record<string, unknown> };

/** Whether the route's auth hook guards it: only an auth hook answers "Not authenticated". */
const hasAuthHook = (operation: Operation) =>
	JSON.stringify(operation.responses["401"] ?? {}).includes(errorTexts.NOT_AUTHENTICATED);

/** Every documented REST route, `METHOD /path`, with whether an auth hook guards it. */
async function documentedRoutes(): Promise<Array<{ route: string; guarded: boolean }>> {
	const { app } = await buildTestApp();
	await app.ready();
	const spec = app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
	return Object.entries(spec.paths).flatMap(([path, methods]) =>
		Object.entries(methods).map(([method, operation]) => ({
			route: `${method.toUpperCase()} ${path.replace(/^\/api\/v1/, "")}`,
			guarded: hasAuthHook(operation),
		})),
	);
}

/** A URL for a route's template: every parameter some value of the right shape. */
const urlOf = (path: string) =>
	`${API}${path
		.replace("{entity_type}", "user")
		.replace("{email}", "nobody@example.com")
		.replace(/\{\w+\}/g, () => randomUUID())}`;

const REFUSED_TOKEN = new Set<string>([errorTexts.TOKEN_NOT_ALLOWED, errorTexts.INSUFFICIENT_SCOPE]);

describe("the route -> scope table (deny by default)", () => {
	it("has a row for every registered route, and none for a route that is gone", async () => {
		const documented = (await documentedRoutes()).map(({ route }) => route);
		expect(Object.keys(ROUTE_SCOPES).sort()).toEqual(documented.sort());
	});

	it("says `public` exactly for the routes that take no credentials", async () => {
		for (const { route, guarded } of await documentedRoutes())
			expect({ route, public: ROUTE_SCOPES[route] === "public" }).toEqual({ route, public: !guarded });
	});

	it("holds on every guarded route: a token without the row's scope is refused before anything else, one with it goes on", async () => {
		const { app } = await buildTestApp();
		const admin = await seedAdmin(app);
		const only: Record<TokenScope, TestToken> = Object.fromEntries(
			await Promise.all(tokenScopes.map(async (scope) => [scope, await createPat(app, admin, [scope])])),
		) as Record<TokenScope, TestToken>;
		const all = await createPat(app, admin, [...tokenScopes]);
		for (const { route, guarded } of await documentedRoutes()) {
			if (!guarded) continue;
			const [method, path] = route.split(" ") as [InjectOptions["method"], string];
			const send = async (token: TestToken) => {
				const res = await app.inject({ method, url: urlOf(path), headers: token.headers, remoteAddress: "10.7.0.1" });
				const text = res.statusCode === 403 ? (res.json() as { detail?: unknown }).detail : undefined;
				return typeof text === "string" && REFUSED_TOKEN.has(text) ? text : "not refused as a token";
			};
			const access = ROUTE_SCOPES[route];
			if (access === "session" || access === "public" || access === undefined) {
				expect({ route, got: await send(all) }).toEqual({ route, got: errorTexts.TOKEN_NOT_ALLOWED });
				continue;
			}
			for (const scope of tokenScopes.filter((scope) => scope !== access))
				expect({ route, scope, got: await send(only[scope]) }).toEqual({
					route,
					scope,
					got: errorTexts.INSUFFICIENT_SCOPE,
				});
			expect({ route, got: await send(only[access]) }).toEqual({ route, got: "not refused as a token" });
		}
	}, 60_000);
});

describe("a route without a row", () => {
	const saved = { ...ROUTE_SCOPES };
	afterEach(() => Object.assign(ROUTE_SCOPES, saved));

	it("refuses every token (deny by default)", async () => {
		delete (ROUTE_SCOPES as Record<string, unknown>)["GET /users/me"];
		const { app } = await buildTestApp();
		const admin = await seedAdmin(app);
		const all = await createPat(app, admin, [...tokenScopes]);
		const res = await api(app, "GET", "/users/me", { headers: all.headers });
		expect([res.statusCode, res.json()]).toEqual([403, { detail: errorTexts.TOKEN_NOT_ALLOWED }]);
		// A session is not concerned.
		expect((await api(app, "GET", "/users/me", { headers: admin.headers })).statusCode).toBe(200);
	});
});
