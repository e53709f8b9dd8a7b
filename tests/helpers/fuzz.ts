import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { appRouter } from "../../server/trpc/router.ts";

/**
 * What the fuzz tests know of the app, and the values they send. Routes come from the app
 * itself (its OpenAPI document and the tRPC router), so a route added or changed is
 * fuzzed without anyone editing this file. Values are shaped by each route's schema
 * (often valid, so requests get past validation into the services) and mixed with junk.
 * The requests themselves are built in fuzz-requests.ts and sent by fuzz-runner.ts.
 */

export type JsonSchema = {
	type?: string | string[];
	format?: string;
	enum?: unknown[];
	const?: unknown;
	nullable?: boolean;
	anyOf?: JsonSchema[];
	oneOf?: JsonSchema[];
	properties?: Record<string, JsonSchema>;
	required?: string[];
	items?: JsonSchema;
	minLength?: number;
	maxLength?: number;
	pattern?: string;
	minimum?: number;
	maximum?: number;
};

export type RestRoute = {
	kind: "rest";
	method: string;
	/** The OpenAPI path, e.g. `/api/v1/users/{user_id}`. */
	path: string;
	params: Array<{ in: string; name: string; schema: JsonSchema }>;
	/** Request body schema per content type. */
	bodies: Record<string, JsonSchema>;
};
export type TrpcProcedure = { kind: "trpc"; path: string; type: "query" | "mutation"; input: JsonSchema | null };

/** Every route of the app's OpenAPI document. */
export async function restRoutes(app: FastifyInstance): Promise<RestRoute[]> {
	await app.ready();
	type Operation = {
		parameters?: Array<{ in: string; name: string; schema?: JsonSchema }>;
		requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
	};
	const spec = app.swagger() as { paths: Record<string, Record<string, Operation>> };
	return Object.entries(spec.paths).flatMap(([path, operations]) =>
		Object.entries(operations).map(([method, operation]) => ({
			kind: "rest" as const,
			method: method.toUpperCase(),
			path,
			params: (operation.parameters ?? []).map((p) => ({ in: p.in, name: p.name, schema: p.schema ?? {} })),
			bodies: Object.fromEntries(
				Object.entries(operation.requestBody?.content ?? {}).map(([type, { schema }]) => [type, schema ?? {}]),
			),
		})),
	);
}

/** Every tRPC procedure, with the JSON schema of its input. */
export function trpcProcedures(): TrpcProcedure[] {
	const procedures = appRouter._def.procedures as unknown as Record<
		string,
		{ _def: { type: string; inputs: z.ZodType[] } }
	>;
	return Object.entries(procedures).map(([path, { _def }]) => ({
		kind: "trpc",
		path,
		type: _def.type === "query" ? "query" : "mutation",
		input: _def.inputs[0]
			? (z.toJSONSchema(_def.inputs[0], { io: "input", unrepresentable: "any" }) as JsonSchema)
			: null,
	}));
}

/** A value only known when the request runs (an id of the acting user, a live file); printed as `<kind>`. */
export class Ref {
	constructor(readonly kind: RefKind) {}
	toJSON() {
		return `<${this.kind}>`;
	}
}
export type RefKind =
	| "self-id"
	| "other-id"
	| "admin-id"
	| "file-id"
	| "file-url"
	| "self-email"
	| "other-email"
	| "refresh-token"
	| "access-token";
/** `arbitrary` one time in `n`, else null. */
export const oneIn = <T>(n: number, arbitrary: fc.Arbitrary<T>) =>
	fc.oneof({ weight: n - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary });

const ref = (...kinds: RefKind[]) => fc.constantFrom(...kinds).map((kind) => new Ref(kind));

const nasty = [
	"",
	" ",
	"\u0000",
	"a\u0000b@example.com",
	"admin@example.com\u0000",
	"😀".repeat(50),
	"\u202Egnp.exe",
	"مرحبا",
	"Ω≈ç√∫",
	"\uFEFF",
	"\uD800",
	"line\r\nBcc: victim@example.com",
	"' OR 1=1 --",
	"<script>alert(1)</script>",
	"../../etc/passwd",
	"%00",
	"null",
	"true",
	"1e309",
	"NaN",
	"__proto__",
	"constructor",
	"toString",
	"a@b",
	"@example.com",
	"user@ex ample.com",
	"ADMIN@EXAMPLE.COM",
];

export const junkString = fc.oneof(
	{ weight: 4, arbitrary: fc.constantFrom(...nasty) },
	{ weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
	{ weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
	{ weight: 1, arbitrary: fc.string({ minLength: 200, maxLength: 600, unit: "grapheme-ascii" }) },
	{ weight: 1, arbitrary: fc.nat({ max: 200_000 }).map((n) => "x".repeat(n)) },
);

/** Any JSON value of a type nobody asked for. */
export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
	{ weight: 4, arbitrary: junkString },
	{ weight: 1, arbitrary: fc.constantFrom(0, -1, 1.5, 2 ** 53, -(2 ** 63), 1e308, -0, 13, 121) },
	{ weight: 1, arbitrary: fc.integer() },
	{ weight: 1, arbitrary: fc.boolean() },
	{ weight: 1, arbitrary: fc.constant(null) },
	{ weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
	{
		weight: 1,
		arbitrary: fc.dictionary(fc.constantFrom("__proto__", "constructor", "prototype", "a"), fc.jsonValue(), {
			maxKeys: 3,
		}),
	},
);

/** Mostly too short or too long, so validation refuses it before argon2 (60 ms a hash) runs; one in 40 passes. */
const passwordValue = fc.oneof(
	{ weight: 33, arbitrary: fc.string({ maxLength: 7 }) },
	{ weight: 1, arbitrary: fc.string({ minLength: 8, maxLength: 40 }) },
	{ weight: 6, arbitrary: fc.string({ minLength: 129, maxLength: 300 }) },
);
const emailValue = fc.oneof(ref("self-email", "other-email"), fc.emailAddress(), fc.constantFrom(...nasty));
const uuidValue = fc.oneof(
	{ weight: 8, arbitrary: ref("self-id") },
	{ weight: 2, arbitrary: ref("other-id", "admin-id") },
	{ weight: 2, arbitrary: fc.uuid() },
	{ weight: 1, arbitrary: fc.uuid().map((id) => id.toUpperCase()) },
	{ weight: 1, arbitrary: fc.constantFrom("not-a-uuid", "00000000-0000-0000-0000-000000000000", "0", "-1", "user") },
);
const fileIdValue = fc.oneof(
	{ weight: 4, arbitrary: ref("file-id") },
	{ weight: 2, arbitrary: fc.stringMatching(/^[0-9a-f]{32}$/) },
	{ weight: 1, arbitrary: fc.constantFrom("..", "0", "A".repeat(32)) },
);
const tokenValue = fc.oneof(
	ref("refresh-token", "access-token"),
	fc.stringMatching(/^[a-z2-7]{26}\.[a-z2-7]{52}$/),
	fc.constantFrom("", "a.b", ".", "x".repeat(5000)),
);
const urlValue = fc.oneof(
	ref("file-url"),
	fc.constantFrom(
		"/api/v1/media/serve/user/00000000-0000-4000-8000-000000000000/0123456789abcdef0123456789abcdef",
		"javascript:alert(1)",
		"https://evil.example/x.png",
		"/api/v1/media/serve/../../etc/passwd",
	),
);

/**
 * Text of a fitting length with a control character inside, where trimming leaves it: a
 * NUL once reached SQLite's full-text index in a search and made it throw (a 500).
 */
const withControlCharacter = fc
	.tuple(
		fc.string({ minLength: 1, maxLength: 8 }),
		fc.oneof(
			{ weight: 3, arbitrary: fc.constant("\u0000") },
			{ weight: 3, arbitrary: fc.constantFrom("\t", "\n", "\r", "\u001b", "\u007f", "\u0085", "\u2028") },
		),
		fc.string({ maxLength: 8 }),
	)
	.map(([before, control, after]) => `${before}${control}${after}`);

/** A value for a field, by its name first (an e-mail, an id, a password), else by its schema. */
export function fieldValue(name: string, schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
	const shaped = (): fc.Arbitrary<unknown> => {
		// Not from the schema: a password it accepts costs an argon2 hash (60 ms), so only a few do.
		if (/password/.test(name)) return passwordValue;
		if (name === "email" || name === "username") return emailValue;
		if (name === "file_id") return fileIdValue;
		if (/(^|_)id$/.test(name)) return uuidValue;
		if (/token/.test(name)) return tokenValue;
		if (/url/.test(name)) return fc.oneof(urlValue, schemaValue(schema, depth));
		return schemaValue(schema, depth);
	};
	return fc.oneof({ weight: 6, arbitrary: shaped() }, { weight: 1, arbitrary: junkValue });
}

/** A value the schema accepts, or close to it (at and around its bounds). */
export function schemaValue(schema: JsonSchema, depth = 3): fc.Arbitrary<unknown> {
	const alternatives = schema.anyOf ?? schema.oneOf;
	if (alternatives?.length) return fc.oneof(...alternatives.map((s) => schemaValue(s, depth)));
	if (schema.enum?.length) return fc.constantFrom(...schema.enum);
	if (schema.const !== undefined) return fc.constant(schema.const);
	const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
	const value = ((): fc.Arbitrary<unknown> => {
		switch (type) {
			case "string": {
				if (schema.format === "binary") return junkString;
				if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern), { maxLength: schema.maxLength });
				const min = schema.minLength ?? 0;
				const max = Math.min(schema.maxLength ?? 64, 300);
				return fc.oneof(
					{ weight: 4, arbitrary: fc.string({ minLength: Math.min(min, max), maxLength: max }) },
					{ weight: 1, arbitrary: fc.string({ minLength: max + 1, maxLength: max + 20 }) },
					{ weight: 2, arbitrary: withControlCharacter },
				);
			}
			case "integer":
			case "number": {
				const min = Math.max(schema.minimum ?? -1e9, -1e15);
				const max = Math.min(schema.maximum ?? 1e9, 1e15);
				const inside =
					type === "integer" ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
				return fc.oneof({ weight: 4, arbitrary: inside }, { weight: 1, arbitrary: fc.constantFrom(min - 1, max + 1) });
			}
			case "boolean":
				return fc.boolean();
			case "null":
				return fc.constant(null);
			case "array":
				return depth > 0 ? fc.array(schemaValue(schema.items ?? {}, depth - 1), { maxLength: 3 }) : fc.constant([]);
			case "object":
				return depth > 0 ? objectValue(schema, depth - 1) : fc.constant({});
			default:
				return junkValue;
		}
	})();
	return schema.nullable ? fc.option(value, { freq: 4 }) : value;
}

/** An object with each declared field present or not (required ones mostly present), and now and then an extra. */
export function objectValue(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
	const required = new Set(schema.required ?? []);
	const fields = Object.entries(schema.properties ?? {}).map(([name, field]) =>
		// fc.option gives `nil` one time in `freq`.
		fc.option(
			fieldValue(name, field, depth).map((value) => [name, value] as const),
			{ freq: required.has(name) ? 12 : 2, nil: null },
		),
	);
	const extra = oneIn(
		6,
		fc.tuple(fc.constantFrom("__proto__", "is_superuser", "id", "hashed_password", "x"), junkValue),
	);
	return fc.tuple(fc.tuple(...fields), extra).map(([present, more]) => {
		const entries = [...present, more].filter((entry) => entry !== null) as Array<readonly [string, unknown]>;
		// defineProperty, so a "__proto__" key stays a key and is sent as one.
		const object: Record<string, unknown> = {};
		for (const [key, value] of entries) Object.defineProperty(object, key, { value, enumerable: true, writable: true });
		return object;
	});
}

/** encodeURIComponent, except that a lone surrogate is sent as U+FFFD instead of throwing. */
export function urlEncode(text: string): string {
	try {
		return encodeURIComponent(text);
	} catch {
		return [...Buffer.from(text)].map((byte) => `%${byte.toString(16).padStart(2, "0")}`).join("");
	}
}
