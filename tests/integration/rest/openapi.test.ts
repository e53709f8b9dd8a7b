import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { OpenAPIV3 } from "openapi-types";
import { describe, expect, it } from "vitest";
import { reasonStatus } from "../../../server/http/errors.ts";
import { FRAGMENT_ONLY_REASONS } from "../../../server/rest/login-oidc.ts";
import { type ErrorReason, errorTexts, isErrorReason } from "../../../shared/errors.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { undocumentedStatuses } from "../../helpers/documented-statuses.global.ts";

async function openApi(): Promise<OpenAPIV3.Document> {
	const { app } = await buildTestApp();
	const res = await app.inject({ method: "GET", url: "/api/v1/openapi.json" });
	expect(res.statusCode).toBe(200);
	return res.json();
}

const operationsOf = (document: OpenAPIV3.Document) =>
	Object.entries(document.paths).flatMap(([path, item]) =>
		Object.entries(item ?? {}).map(([method, operation]) => ({
			name: `${method.toUpperCase()} ${path}`,
			operation: operation as OpenAPIV3.OperationObject,
		})),
	);

const responseOf = (document: OpenAPIV3.Document, method: string, path: string, status: number) =>
	(document.paths[`/api/v1${path}`] as Record<string, OpenAPIV3.OperationObject>)[method]?.responses[status] as
		| OpenAPIV3.ResponseObject
		| undefined;

const examplesOf = (response: OpenAPIV3.ResponseObject | undefined) =>
	Object.fromEntries(
		Object.entries(response?.content?.["application/json"]?.examples ?? {}).map(([name, example]) => [
			name,
			(example as OpenAPIV3.ExampleObject).value.detail,
		]),
	);

describe("the OpenAPI document", () => {
	it("stays OpenAPI 3.0.3, with FastAPI's error schemas among its components", async () => {
		const document = await openApi();
		expect(document.openapi).toBe("3.0.3");
		const schemas = document.components?.schemas ?? {};
		expect(schemas.HTTPValidationError).toMatchObject({
			type: "object",
			properties: { detail: { type: "array", items: { $ref: "#/components/schemas/ValidationError" } } },
		});
		expect(schemas.ValidationError).toMatchObject({ required: ["loc", "msg", "type"] });
		expect(schemas.HTTPError).toMatchObject({ properties: { detail: { type: "string" } }, required: ["detail"] });
		// Every reference resolves, and every response has its required description.
		const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)];
		for (const [, name] of refs) expect(schemas, name).toHaveProperty(name as string);
		for (const { name, operation } of operationsOf(document)) {
			for (const [status, response] of Object.entries(operation.responses)) {
				expect(typeof (response as OpenAPIV3.ResponseObject).description, `${name} ${status}`).toBe("string");
			}
			expect(JSON.stringify(operation), name).not.toContain("x-portico");
		}
	});

	it("documents errors on every operation: at least the 500 any route may answer", async () => {
		const document = await openApi();
		const operations = operationsOf(document);
		expect(operations.length).toBeGreaterThanOrEqual(34);
		for (const { name, operation } of operations) {
			expect(Object.keys(operation.responses), name).toContain("500");
		}
	});

	it("lists the login's errors with the texts the API sends", async () => {
		const document = await openApi();
		const bad = responseOf(document, "post", "/login/access-token", 400);
		expect(examplesOf(bad)).toMatchObject({
			INCORRECT_LOGIN: "Incorrect email or password",
			INACTIVE_USER: "Inactive user",
			malformedMultipart: "There was an error parsing the body",
		});
		expect(bad?.content?.["application/json"]?.schema).toEqual({ $ref: "#/components/schemas/HTTPError" });
		const limited = responseOf(document, "post", "/login/access-token", 429);
		expect(examplesOf(limited)).toEqual({
			RATE_LIMITED: "Rate limit exceeded, please try again later",
			TOO_MANY_WRONG_CODES: "Too many wrong two-factor codes, please try again later",
		});
		expect(limited?.headers).toHaveProperty("Retry-After");
		const invalid = responseOf(document, "post", "/login/access-token", 422);
		expect(invalid).toEqual({
			description: "Validation Error",
			content: { "application/json": { schema: { $ref: "#/components/schemas/HTTPValidationError" } } },
		});
		for (const status of [413, 415]) expect(responseOf(document, "post", "/login/access-token", status)).toBeDefined();
		// Nobody signs in to log in: the one 401 is the second step of an account with two-factor.
		const secondStep = responseOf(document, "post", "/login/access-token", 401);
		expect(examplesOf(secondStep)).toEqual({ MFA_REQUIRED: "Two-factor code required" });
		expect(secondStep?.content?.["application/json"]?.examples?.MFA_REQUIRED).toMatchObject({
			value: { mfa_token: expect.any(String) },
		});
	});

	it("lists the two-factor and passkey calls, each with the errors it answers", async () => {
		const document = await openApi();
		/**
		 * A guarded route's own errors, with what its auth hook adds: 401, a token refused by
		 * the route's scope row (403: never through a token, or a scope it lacks) and the
		 * client's bucket emptied by tokens that do not hold (429).
		 */
		const guarded =
			(token: "TOKEN_NOT_ALLOWED" | "INSUFFICIENT_SCOPE") =>
			(own: Record<number, string[]> = {}): Record<number, string[]> => ({
				...own,
				401: ["NOT_AUTHENTICATED", "INVALID_CREDENTIALS"],
				403: [...(own[403] ?? []), token],
				429: [...new Set([...(own[429] ?? []), "RATE_LIMITED"])],
			});
		const session = guarded("TOKEN_NOT_ALLOWED");
		const scoped = guarded("INSUFFICIENT_SCOPE");
		const AUTH = session();
		const RECENT = session({ 403: ["REAUTH_REQUIRED"] });
		/** method path -> the domain errors documented per status, from the behaviour the tests above prove. */
		const calls: Record<string, Record<number, string[]>> = {
			"POST /login/mfa": {
				400: ["MFA_TOKEN_INVALID", "INVALID_TOTP_CODE", "EMAIL_NOT_VERIFIED"],
				429: ["RATE_LIMITED", "TOO_MANY_WRONG_CODES"],
				503: ["TWO_FACTOR_UNAVAILABLE"],
			},
			"GET /users/me/totp": AUTH,
			"POST /users/me/totp/setup": { ...RECENT, 400: ["TOTP_ALREADY_ENABLED"] },
			"POST /users/me/totp/enable": session({
				403: ["REAUTH_REQUIRED"],
				400: ["TOTP_ALREADY_ENABLED", "TOTP_NOT_SET_UP", "INVALID_TOTP_CODE"],
				429: ["RATE_LIMITED"],
				503: ["TWO_FACTOR_UNAVAILABLE"],
			}),
			"DELETE /users/me/totp": RECENT,
			"POST /users/me/recovery-codes": { ...RECENT, 400: ["TOTP_NOT_ENABLED"] },
			"GET /users/{user_id}/totp": scoped({ 403: ["FORBIDDEN"], 404: ["USER_NOT_FOUND"] }),
			"DELETE /users/{user_id}/totp": scoped({
				403: ["FORBIDDEN", "OWN_ACCOUNT_IN_SETTINGS"],
				404: ["USER_NOT_FOUND"],
			}),
			"GET /users/me/passkeys": AUTH,
			"POST /users/me/passkeys/options": RECENT,
			"POST /users/me/passkeys": {
				...RECENT,
				400: ["PASSKEY_REGISTRATION_FAILED"],
				409: ["PASSKEY_ALREADY_REGISTERED"],
			},
			"PATCH /users/me/passkeys/{passkey_id}": { ...AUTH, 404: ["PASSKEY_NOT_FOUND"] },
			"DELETE /users/me/passkeys/{passkey_id}": { ...RECENT, 404: ["PASSKEY_NOT_FOUND"] },
			"POST /login/passkey/options": { 429: ["RATE_LIMITED"] },
			"POST /login/passkey": {
				400: ["INVALID_PASSKEY", "INACTIVE_USER", "EMAIL_NOT_VERIFIED"],
				429: ["RATE_LIMITED"],
			},
			"POST /login/reauthenticate/options": AUTH,
			"POST /login/reauthenticate": session({
				400: ["INCORRECT_PASSWORD", "INVALID_TOTP_CODE", "INVALID_PASSKEY"],
				403: ["PASSWORD_SIGN_IN_DISABLED"],
				429: ["RATE_LIMITED", "TOO_MANY_WRONG_CODES", "TOO_MANY_WRONG_PASSWORDS"],
				503: ["TWO_FACTOR_UNAVAILABLE"],
			}),
		};
		for (const [call, errors] of Object.entries(calls)) {
			const [method, path] = call.split(" ") as [string, string];
			const operation = (document.paths[`/api/v1${path}`] as Record<string, OpenAPIV3.OperationObject> | undefined)?.[
				method.toLowerCase()
			];
			expect(operation, call).toBeDefined();
			expect(operation?.summary, call).toBeTruthy();
			expect(Object.keys(operation?.responses ?? {}), call).toContain("200");
			const reasons = (status: number) =>
				Object.keys(examplesOf(responseOf(document, method.toLowerCase(), path, status))).filter(isErrorReason);
			for (const [status, expected] of Object.entries(errors))
				expect(reasons(Number(status)).sort(), `${call} ${status}`).toEqual([...expected].sort());
		}
		// The bodies name their fields, and the login form its one-shot code.
		const bodyFields = (path: string, type = "application/json") =>
			Object.keys(
				(
					(document.paths[`/api/v1${path}`]?.post?.requestBody as OpenAPIV3.RequestBodyObject)?.content[type]
						?.schema as OpenAPIV3.SchemaObject
				)?.properties ?? {},
			);
		expect(bodyFields("/login/mfa")).toEqual(["mfa_token", "code"]);
		expect(bodyFields("/users/me/totp/enable")).toEqual(["code"]);
		expect(bodyFields("/users/me/passkeys")).toEqual(["response", "name"]);
		expect(bodyFields("/login/passkey")).toEqual(["response"]);
		expect(bodyFields("/login/reauthenticate")).toEqual(["password", "code", "passkey"]);
		expect(bodyFields("/login/access-token", "application/x-www-form-urlencoded")).toContain("totp_code");
	});

	it("derives 401 and 403 from the auth hooks, 422 from schemas and bodies", async () => {
		const document = await openApi();
		const unauthorised = responseOf(document, "get", "/users/", 401);
		expect(examplesOf(unauthorised)).toEqual({
			NOT_AUTHENTICATED: "Not authenticated",
			INVALID_CREDENTIALS: "Could not validate credentials",
		});
		expect(unauthorised?.headers).toHaveProperty("WWW-Authenticate");
		expect(examplesOf(responseOf(document, "get", "/users/", 403))).toEqual({
			FORBIDDEN: "The user doesn't have enough privileges",
			INSUFFICIENT_SCOPE: "The access token's scopes do not allow this",
		});
		expect(responseOf(document, "get", "/users/", 422)).toBeDefined();
		// A user route: 401, and 403 only for a token without its scope; no 422 for a GET without parameters.
		expect(responseOf(document, "get", "/users/me", 401)).toBeDefined();
		expect(Object.keys(examplesOf(responseOf(document, "get", "/users/me", 403)))).toEqual(["INSUFFICIENT_SCOPE"]);
		// A route a token never calls says so.
		expect(Object.keys(examplesOf(responseOf(document, "delete", "/users/me", 403)))).toContain("TOKEN_NOT_ALLOWED");
		expect(responseOf(document, "get", "/users/me", 422)).toBeUndefined();
		// Anyone's: no 401.
		expect(responseOf(document, "get", "/utils/health-check/", 401)).toBeUndefined();
	});

	it("maps every declared reason through the one reason -> status table, with its text", async () => {
		const document = await openApi();
		const seen = new Set<ErrorReason>();
		for (const { name, operation } of operationsOf(document)) {
			for (const [status, response] of Object.entries(operation.responses)) {
				for (const [example, detail] of Object.entries(examplesOf(response as OpenAPIV3.ResponseObject))) {
					if (!isErrorReason(example)) continue;
					seen.add(example);
					expect(Number(status), `${name} ${example}`).toBe(reasonStatus[example].status);
					expect(detail, `${name} ${example}`).toBe(errorTexts[example]);
				}
			}
		}
		// Or, for a link's refusals that only the callback's fragment carries, in the callback's description.
		const callback = document.paths["/api/v1/login/oidc/{id}/callback"]?.get;
		for (const reason of FRAGMENT_ONLY_REASONS) if (callback?.description?.includes(reason)) seen.add(reason);
		// Every reason the server's code can raise is some route's documented answer.
		const sources = ["server/services", "server/rest", "server/http"].flatMap((dir) =>
			readdirSync(dir, { recursive: true, encoding: "utf8" })
				.filter((file) => file.endsWith(".ts") && !file.endsWith("errors.ts") && !file.endsWith("error-docs.ts"))
				.map((file) => readFileSync(join(dir, file), "utf8")),
		);
		const raised = new Set(
			sources.flatMap((text) => [...text.matchAll(/"([A-Z_]+)"/g)].map(([, word]) => word).filter(isErrorReason)),
		);
		expect(raised.size).toBeGreaterThan(20);
		expect([...raised].filter((reason) => !seen.has(reason))).toEqual([]);
	});

	it("documents the health checks: true or 503, and the detailed report", async () => {
		const document = await openApi();
		const ok = responseOf(document, "get", "/utils/health-check/", 200);
		expect(ok?.content?.["application/json"]?.schema).toMatchObject({ type: "boolean", enum: [true] });
		expect(examplesOf(responseOf(document, "get", "/utils/health-check/", 503))).toEqual({
			SERVICE_UNAVAILABLE: "Service unavailable",
		});
		const down = responseOf(document, "get", "/utils/health-check/details", 503);
		expect(down?.content?.["application/json"]?.schema).toMatchObject({
			properties: { status: {}, database: {}, storage: {} },
		});
		expect(responseOf(document, "get", "/media/serve/{entity_type}/{entity_id}/{file_id}", 304)).toEqual({
			description: "Not Modified: the If-None-Match tag is current",
		});
	});

	it("lets the run's check find a status a test saw that the document does not list", async () => {
		const document = await openApi();
		const seen = (method: string, route: string, status: number) => ({ method, route, status, testPath: "x.test.ts" });
		expect(
			undocumentedStatuses(document as never, [
				seen("GET", "/api/v1/users/:user_id", 404),
				seen("GET", "/api/v1/users/:user_id", 409),
				seen("PATCH", "/api/v1/users/me", 409),
				seen("GET", "/api/v1/openapi.json", 200),
			]),
		).toEqual(["GET /api/v1/users/{user_id} -> 409 (seen in x.test.ts)"]);
	});
});
