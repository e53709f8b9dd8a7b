import fc from "fast-check";
import { TRPC_MAX_BATCH_SIZE } from "../../shared/trpc-limits.ts";
import {
	fieldValue,
	type JsonSchema,
	junkString,
	junkValue,
	objectValue,
	oneIn,
	Ref,
	type RestRoute,
	schemaValue,
	type TrpcProcedure,
	urlEncode,
} from "./fuzz.ts";

/**
 * Seeded requests, built with fast-check: one to a REST route (path, query, body and
 * credentials shaped by its schema, or junk) or a tRPC call or batch. A case is plain
 * data with Refs where a live id or token goes, so it prints, and the same seed and
 * case number give it again.
 */

/** Which credentials a request carries; the runner turns them into real headers. */
export type AuthMode =
	| "none"
	| "user"
	| "admin"
	| "user-cookie"
	| "user-cookie-cross-site"
	| "garbage-bearer"
	| "garbage-cookie";

export type FilePart =
	| { image: "png" | "jpeg" | "gif" | "webp" | "animated-gif" }
	| { truncated: "png" | "jpeg" | "gif"; keep: number }
	| { bytes: Uint8Array }
	| { text: string }
	| { oversize: true };
export type Part =
	| { name: string; value: unknown }
	| { name: string; filename: string; type: string; content: FilePart };

export type Body =
	| { kind: "json"; contentType: string; value: unknown }
	| { kind: "form"; contentType: string; fields: Array<[string, unknown]> }
	| {
			kind: "multipart";
			boundary: string;
			parts: Part[];
			mangle: "none" | "truncate" | "no-closing" | "wrong-boundary";
	  }
	| { kind: "raw"; contentType: string; text: string }
	| { kind: "deep"; contentType: string; depth: number }
	| { kind: "oversize"; contentType: string };

/** One generated request, with Refs where a live value goes; the runner fills them in. */
export type FuzzCase = {
	route: string;
	method: string;
	path: Array<string | Ref>;
	query: Array<[string, unknown]> | string;
	auth: AuthMode;
	/** What garbage credentials carry. */
	secret: string;
	headers: Record<string, string>;
	body: Body | null;
	ip: string;
};

const authMode = fc.constantFrom<AuthMode>(
	"none",
	"user",
	"user",
	"admin",
	"admin",
	"user-cookie",
	"user-cookie-cross-site",
	"garbage-bearer",
	"garbage-cookie",
);
/** A small pool, so the per-IP buckets fill up and their 429s are fuzzed too. */
const clientIp = fc.oneof(
	fc.integer({ min: 1, max: 40 }).map((n) => `10.66.0.${n}`),
	fc.constantFrom("2001:db8::1", "2001:db8::2", "::ffff:10.66.0.1"),
);
const badHost = fc.constantFrom("a b", "x:99999", "[::1", "%", "a/b", "", "localhost:8000", "example.com");
const extraHeaders = fc
	.record(
		{
			"accept-language": fc.constantFrom("fr", "ar,en;q=0.5", "xx", "*", "", "😀".repeat(20)),
			"user-agent": junkString,
			"x-forwarded-for": fc.constantFrom("203.0.113.9", "junk", "1.2.3.4, 5.6.7.8"),
			// Hosts no URL parser takes: a URL built from one once threw, a 500 for every tRPC call.
			host: badHost,
			"x-forwarded-host": badHost,
			accept: fc.constantFrom("application/json", "text/event-stream", "*/*"),
			"trpc-accept": fc.constant("application/jsonl"),
		},
		{ requiredKeys: [] },
	)
	.map((headers) =>
		// Header values must be latin1 without control characters, or inject itself throws.
		Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, String(v).replace(/[^\x20-\x7e]/g, "?")])),
	);

/** A path segment that is not what the route wants, already URL-encoded (or deliberately mis-encoded). */
const badSegment = fc.constantFrom(
	"%00",
	"..%2F..%2Fetc%2Fpasswd",
	"%E0%A4%A",
	"%ZZ",
	encodeURIComponent("😀🚀"),
	encodeURIComponent("مرحبا"),
	"a".repeat(4000),
	"%20",
	encodeURIComponent("admin@example.com'--"),
);

/** Junk bodies: malformed JSON, other media types, binary, deep nesting, too big. */
const junkBody: fc.Arbitrary<Body> = fc.oneof(
	fc.record({
		kind: fc.constant("raw" as const),
		contentType: fc.constantFrom("application/json", "application/json; charset=latin1", "APPLICATION/JSON"),
		text: fc.constantFrom('{"a":', "{'a':1}", "[", "nul", '{"a":1}}', "\u0000", '"\\ud800"', "", "  ", "1e99999"),
	}),
	fc.record({
		kind: fc.constant("raw" as const),
		contentType: fc.constantFrom(
			"text/plain",
			"application/xml",
			"application/octet-stream",
			"multipart/form-data",
			"multipart/form-data; boundary=",
			"application/x-www-form-urlencoded",
			"image/png",
			";;;",
		),
		text: fc.oneof(junkString, fc.constantFrom("%%%", "a=1&a=2&a=3", "=&=&", "--x\r\ngarbage")),
	}),
	fc.record({
		kind: fc.constant("deep" as const),
		contentType: fc.constant("application/json"),
		depth: fc.constantFrom(100, 5_000, 100_000),
	}),
	fc.record({ kind: fc.constant("oversize" as const), contentType: fc.constantFrom("application/json", "text/plain") }),
);

const fileContent: fc.Arbitrary<FilePart> = fc.oneof(
	{ weight: 8, arbitrary: fc.record({ image: fc.constantFrom("png", "jpeg", "gif", "webp", "animated-gif") }) },
	{
		weight: 2,
		arbitrary: fc.record({ truncated: fc.constantFrom("png", "jpeg", "gif"), keep: fc.integer({ min: 0, max: 200 }) }),
	},
	{ weight: 2, arbitrary: fc.record({ bytes: fc.uint8Array({ maxLength: 600 }) }) },
	{ weight: 1, arbitrary: fc.record({ text: fc.constantFrom("<svg xmlns='http://www.w3.org/2000/svg'/>", "") }) },
	{ weight: 1, arbitrary: fc.constant({ oversize: true as const }) },
);

/** The parts of a form from its schema: text fields, file fields for `format: binary`, and stray ones. */
function formParts(schema: JsonSchema): fc.Arbitrary<Part[]> {
	const required = new Set(schema.required ?? []);
	const declared = Object.entries(schema.properties ?? {}).map(([name, field]) => {
		const part: fc.Arbitrary<Part> =
			field.format === "binary"
				? fc.record({
						name: fc.constant(name),
						filename: fc.oneof(
							{ weight: 4, arbitrary: fc.constantFrom("photo.jpg", "x.svg", "", "../../x.png", "a\u0000.png") },
							{ weight: 1, arbitrary: junkString },
						),
						type: fc.constantFrom("image/jpeg", "image/png", "application/octet-stream", "text/html", ""),
						content: fileContent,
					})
				: fc.record({ name: fc.constant(name), value: fieldValue(name, field, 1) });
		return fc.option(part, { freq: required.has(name) ? 10 : 2, nil: null });
	});
	const stray = oneIn(
		4,
		fc.array(
			fc.oneof(
				fc.record({ name: fc.constantFrom("file", "entity_id", "x", "", "__proto__"), value: junkValue }),
				fc.record({
					name: fc.constantFrom("file", "other", "entity_type"),
					filename: fc.constantFrom("a.png", "b.gif"),
					type: fc.constant("image/png"),
					content: fileContent,
				}),
			),
			{ minLength: 1, maxLength: 2 },
		),
	);
	return fc
		.tuple(fc.tuple(...declared), stray)
		.map(([parts, more]) => [...(parts.filter((part) => part !== null) as Part[]), ...(more ?? [])]);
}

/** A body for a route: one of its declared content types shaped by its schema, or junk. */
function bodyFor(bodies: Record<string, JsonSchema>): fc.Arbitrary<Body | null> {
	const shaped = Object.entries(bodies).map(([contentType, schema]): fc.Arbitrary<Body> => {
		if (contentType.startsWith("multipart/")) {
			return fc.record({
				kind: fc.constant("multipart" as const),
				boundary: fc.constantFrom("----portico-fuzz", "----portico-fuzz", "x", "a".repeat(70), "with space"),
				parts: formParts(schema),
				mangle: fc.oneof(
					{ weight: 8, arbitrary: fc.constant("none" as const) },
					{ weight: 1, arbitrary: fc.constantFrom("truncate", "no-closing", "wrong-boundary") },
				),
			});
		}
		if (contentType === "application/x-www-form-urlencoded") {
			return fc.record({
				kind: fc.constant("form" as const),
				contentType: fc.constant(contentType),
				fields: fc
					.tuple(
						objectValue(schema, 1),
						fc.array(fc.tuple(fc.constantFrom("username", "x", ""), junkString), { maxLength: 2 }),
					)
					.map(([object, extra]) => [...Object.entries(object), ...extra]),
			});
		}
		return fc.record({
			kind: fc.constant("json" as const),
			contentType: fc.constant(contentType),
			value: fc.oneof({ weight: 6, arbitrary: schemaValue(schema) }, { weight: 1, arbitrary: junkValue }),
		});
	});
	if (shaped.length === 0)
		return fc.oneof({ weight: 6, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: junkBody });
	return fc.oneof({ weight: 6, arbitrary: fc.oneof(...shaped) }, { weight: 1, arbitrary: junkBody });
}

const asQueryValue = (value: unknown) =>
	value instanceof Ref || typeof value === "string" ? value : (JSON.stringify(value) ?? "");

const junkQuery = fc.constantFrom(
	"skip=-5&limit=99999",
	"limit=abc",
	"skip=1e400",
	"skip[]=1&skip[]=2",
	"__proto__[x]=1",
	"image_url=%00",
	`image_url=${"x".repeat(2000)}`,
	"%ZZ",
	"a=%E0%A4%A",
	"q=ab%00",
	"q=%00%00%00",
);

/** A request to one REST route: path, query and body shaped by its schema, or junk in any of them. */
export function restCase(route: RestRoute): fc.Arbitrary<FuzzCase> {
	const pieces = route.path.split(/(\{[^}]+\})/).filter(Boolean);
	const path = fc.tuple(
		...pieces.map((piece): fc.Arbitrary<string | Ref> => {
			const name = /^\{(.+)\}$/.exec(piece)?.[1];
			if (!name) return fc.constant(piece);
			const schema = route.params.find((p) => p.in === "path" && p.name === name)?.schema ?? {};
			return fc.oneof(
				{
					weight: 5,
					arbitrary: fieldValue(name, schema, 0).map((v) =>
						v instanceof Ref ? v : urlEncode(String(asQueryValue(v))),
					),
				},
				{ weight: 1, arbitrary: badSegment },
			);
		}),
	);
	const queryParams = route.params.filter((p) => p.in === "query");
	const query = fc.oneof(
		{
			weight: 5,
			arbitrary: fc
				.tuple(...queryParams.map((p) => fc.option(fieldValue(p.name, p.schema, 0), { freq: 2, nil: undefined })))
				.map((values) =>
					values.flatMap(
						(value, i): Array<[string, unknown]> =>
							value === undefined ? [] : [[queryParams[i]?.name as string, asQueryValue(value)]],
					),
				),
		},
		{ weight: 1, arbitrary: junkQuery },
	);
	return fc.record({
		route: fc.constant(`${route.method} ${route.path}`),
		method: fc.constant(route.method),
		path,
		query,
		auth: authMode,
		secret: junkString,
		headers: extraHeaders,
		body: bodyFor(route.bodies),
		ip: clientIp,
	});
}

/** One tRPC call or a batch (of up to two more than the limit), as httpLink and httpBatchLink send them. */
export function trpcCase(procedures: TrpcProcedure[]): fc.Arbitrary<FuzzCase> {
	// Each procedure's arbitrary is built once: building one (its regexes, its oneofs) costs more than drawing from it.
	const callOf = (procedure: TrpcProcedure) =>
		fc.tuple(
			fc.constant(procedure),
			fc.oneof(
				{ weight: 6, arbitrary: procedure.input ? schemaValue(procedure.input) : fc.constant(undefined) },
				{ weight: 1, arbitrary: junkValue },
				{ weight: 1, arbitrary: fc.constant(undefined) },
			),
		);
	const call = fc.oneof(...procedures.map(callOf));
	const queries = fc.oneof(...procedures.filter((p) => p.type === "query").map(callOf));
	const mutations = fc.oneof(...procedures.filter((p) => p.type === "mutation").map(callOf));
	const batchOf = (one: typeof call) =>
		fc.array(one, { minLength: 1, maxLength: TRPC_MAX_BATCH_SIZE + 2 }).map((list) => ({ batch: true, calls: list }));
	const calls = fc.oneof(
		{ weight: 3, arbitrary: call.map((one) => ({ batch: false, calls: [one] })) },
		{ weight: 1, arbitrary: batchOf(queries) },
		{ weight: 1, arbitrary: batchOf(mutations) },
		{
			weight: 1,
			arbitrary: fc.array(call, { minLength: 2, maxLength: 4 }).map((list) => ({ batch: true, calls: list })),
		},
	);
	return fc
		.record({
			plan: calls,
			methodFlip: fc.integer({ min: 0, max: 9 }),
			rawInput: oneIn(8, fc.constantFrom("{bad", "", "null", '{"0":1', "[]", "1")),
			auth: authMode,
			secret: junkString,
			headers: extraHeaders,
			ip: clientIp,
			junk: oneIn(10, junkBody),
			extraQuery: oneIn(8, fc.constantFrom("batch=0", "batch=1", "batch=true", "input=\u0000", "connectionParams=1")),
		})
		.map(({ plan, methodFlip, rawInput, auth, secret, headers, ip, junk, extraQuery }): FuzzCase => {
			const allQueries = plan.calls.every(([p]) => p.type === "query");
			const natural = allQueries ? "GET" : "POST";
			const method = methodFlip === 0 ? (natural === "GET" ? "POST" : "GET") : natural;
			const paths = plan.calls.map(([p]) => p.path).join(",");
			const input = plan.batch
				? Object.fromEntries(plan.calls.map(([, value], i) => [i, value]).filter(([, value]) => value !== undefined))
				: plan.calls[0]?.[1];
			const query: Array<[string, unknown]> = [];
			if (plan.batch) query.push(["batch", "1"]);
			let body: Body | null = null;
			if (method === "GET") {
				if (rawInput !== null) query.push(["input", rawInput]);
				// The runner sends a string as it is and anything else as JSON: a string input must be JSON too.
				else if (input !== undefined) query.push(["input", typeof input === "string" ? JSON.stringify(input) : input]);
			} else {
				body = junk ?? { kind: "json", contentType: "application/json", value: input };
			}
			if (extraQuery) query.push(extraQuery.split("=") as [string, string]);
			return {
				route: `${natural} /trpc/${plan.batch ? `[batch ${plan.calls.length}]` : paths}`,
				method,
				path: [`/trpc/${paths}`],
				query,
				auth,
				secret,
				headers,
				body,
				ip,
			};
		});
}
