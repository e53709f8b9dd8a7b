import type { RouteOptions } from "fastify";
import type { OpenAPIV3 } from "openapi-types";
import { type ErrorReason, errorTexts } from "../../shared/errors.ts";
import type { RouteAccess } from "../../shared/schemas/tokens.ts";
import { reasonStatus } from "./errors.ts";

declare module "fastify" {
	interface FastifyContextConfig {
		/**
		 * The domain reasons a route's service can fail with. With what its auth hook, schemas
		 * and method imply, they make the error answers of its OpenAPI operation.
		 */
		reasons?: readonly ErrorReason[];
		/** Answers besides 200 and the errors (a 304), with their description. */
		otherResponses?: Readonly<Record<number, string>>;
		/** What a personal access token needs here: set from REST's route -> scope table as each route registers. */
		tokenAccess?: RouteAccess;
	}
}

export type AuthLevel = "user" | "superuser";
const authLevels = new WeakMap<object, AuthLevel>();

/** Marks an `onRequest` hook as the authentication of its routes, so their errors are documented. */
export function documentedAuthHook<T extends object>(hook: T, level: AuthLevel): T {
	authLevels.set(hook, level);
	return hook;
}

/** Errors that Fastify and the form parsers answer before a route runs, by what they are about. */
const requestErrors = {
	bodyTooLarge: { status: 413, text: "Request body is too large" },
	unsupportedMediaType: { status: 415, text: "Unsupported Media Type" },
	malformedMultipart: { status: 400, text: "There was an error parsing the body" },
	multipartLimit: { status: 413, text: "reach files limit" },
	internal: { status: 500, text: "Internal Server Error" },
} as const;

/** Methods whose body Fastify reads (a DELETE's too, when it has a content type). */
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export const errorSchemas: Record<string, OpenAPIV3.SchemaObject> = {
	HTTPError: {
		type: "object",
		title: "HTTPError",
		properties: {
			detail: { type: "string", title: "Detail" },
			mfa_token: {
				type: "string",
				title: "Mfa Token",
				description: "Only with `Two-factor code required`: send it with a code to POST /login/mfa",
			},
		},
		required: ["detail"],
	},
	ValidationError: {
		type: "object",
		title: "ValidationError",
		properties: {
			loc: {
				type: "array",
				title: "Location",
				items: { anyOf: [{ type: "string" }, { type: "integer" }] },
			},
			msg: { type: "string", title: "Message" },
			type: { type: "string", title: "Error Type" },
			input: { title: "Input", nullable: true },
		},
		required: ["loc", "msg", "type"],
	},
	HTTPValidationError: {
		type: "object",
		title: "HTTPValidationError",
		properties: {
			detail: { type: "array", title: "Detail", items: { $ref: "#/components/schemas/ValidationError" } },
		},
	},
};

/** Fields some refusals carry beside `detail`, shown in their examples. */
const extraFields: Record<string, Record<string, string>> = {
	MFA_REQUIRED: { mfa_token: "<opaque token for POST /login/mfa>" },
};

const headers: Record<number, Record<string, OpenAPIV3.HeaderObject>> = {
	401: { "WWW-Authenticate": { description: "`Bearer`", schema: { type: "string" } } },
	429: { "Retry-After": { description: "Seconds to wait", schema: { type: "integer" } } },
};

const hooksOf = (route: RouteOptions): unknown[] => {
	const { onRequest } = route;
	if (onRequest === undefined) return [];
	return Array.isArray(onRequest) ? onRequest : [onRequest];
};

const authLevelOf = (route: RouteOptions): AuthLevel | undefined =>
	hooksOf(route)
		.map((hook) => (typeof hook === "function" ? authLevels.get(hook) : undefined))
		.find((level) => level !== undefined);

/**
 * What a personal access token can be refused with on a guarded route (docs/decisions/037):
 * its scope row says the route is not for tokens, or names a scope the token may lack; and
 * a token that does not hold empties the client's login bucket (429).
 */
function tokenRefusals(route: RouteOptions): ErrorReason[] {
	const access = route.config?.tokenAccess;
	const scoped = access !== undefined && access !== "session" && access !== "public";
	return ["RATE_LIMITED", scoped ? "INSUFFICIENT_SCOPE" : "TOKEN_NOT_ALLOWED"];
}

const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);

/**
 * Every error a route can answer, as OpenAPI responses: from its auth hook (401, and 403
 * for superusers), its declared domain reasons (through the one reason -> status table,
 * with the texts the error handler sends), its schemas (422) and its body (413, 415, 422
 * for malformed JSON; 400 and 413 for multipart), and the 500 any route may answer.
 */
export function errorResponses(route: RouteOptions): Record<string, OpenAPIV3.ResponseObject> {
	const byStatus = new Map<number, Map<string, string>>();
	const add = (status: number, name: string, text: string) => {
		const entries = byStatus.get(status) ?? new Map<string, string>();
		entries.set(name, text);
		byStatus.set(status, entries);
	};
	const level = authLevelOf(route);
	const reasons: ErrorReason[] = [...(route.config?.reasons ?? [])];
	if (level) reasons.push("NOT_AUTHENTICATED", "INVALID_CREDENTIALS", ...tokenRefusals(route));
	if (level === "superuser") reasons.push("FORBIDDEN");
	for (const reason of reasons) add(reasonStatus[reason].status, reason, errorTexts[reason]);
	// Any route, when something below it fails (the database is gone); the text never says more.
	add(requestErrors.internal.status, "internal", requestErrors.internal.text);

	const schema = (route.schema ?? {}) as {
		body?: unknown;
		querystring?: unknown;
		params?: unknown;
		consumes?: string[];
	};
	const readsBody = methodsOf(route).some((method) => BODY_METHODS.has(method));
	if (readsBody) {
		for (const name of ["bodyTooLarge", "unsupportedMediaType"] as const) {
			add(requestErrors[name].status, name, requestErrors[name].text);
		}
		if (schema.consumes?.includes("multipart/form-data")) {
			for (const name of ["malformedMultipart", "multipartLimit"] as const) {
				add(requestErrors[name].status, name, requestErrors[name].text);
			}
		}
	}
	const validates = readsBody || schema.body !== undefined || schema.querystring || schema.params;

	const responses: Record<string, OpenAPIV3.ResponseObject> = {};
	for (const [status, entries] of [...byStatus].sort(([a], [b]) => a - b)) {
		responses[status] = {
			description: [...new Set(entries.values())].join(" | "),
			...(headers[status] && { headers: headers[status] }),
			content: {
				"application/json": {
					schema: { $ref: "#/components/schemas/HTTPError" },
					examples: Object.fromEntries(
						[...entries].map(([name, text]) => [name, { value: { detail: text, ...extraFields[name] } }]),
					),
				},
			},
		};
	}
	if (validates) {
		responses[422] = {
			description: "Validation Error",
			content: { "application/json": { schema: { $ref: "#/components/schemas/HTTPValidationError" } } },
		};
	}
	for (const [status, description] of Object.entries(route.config?.otherResponses ?? {})) {
		responses[status] = { description };
	}
	return responses;
}
