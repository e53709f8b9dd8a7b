import type { FastifySchemaCompiler } from "fastify";
import type { core, ZodType } from "zod";
import { messageText } from "../../shared/schemas/messages.ts";

/** What a failed check leaves on `error.validation`: the zod issue and the value it was about. */
export type ValidationIssue = { instancePath: string; message: string; issue: core.$ZodIssue; input: unknown };

const valueAt = (data: unknown, path: PropertyKey[]): unknown =>
	path.reduce<unknown>(
		(value, key) =>
			value !== null && typeof value === "object" ? (value as Record<PropertyKey, unknown>)[key] : undefined,
		data,
	);

/** Field names whose values are never echoed back, even when they fail validation. */
const SECRET_KEY = /password|token|secret/i;
export const REDACTED = "[redacted]";

const isSecretKey = (key: PropertyKey) => typeof key === "string" && SECRET_KEY.test(key);

/** A copy of `value` with the value of every secret-named key, at any depth, replaced. */
function redactSecrets(value: unknown, depth = 0): unknown {
	if (value === null || typeof value !== "object") return value;
	// Bodies are depth-limited when parsed; this bound only keeps the walk itself safe.
	if (depth > 64) return REDACTED;
	if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1));
	return Object.fromEntries(
		Object.entries(value).map(([key, item]) => [key, isSecretKey(key) ? REDACTED : redactSecrets(item, depth + 1)]),
	);
}

/** The input a 422 may echo: a mistyped password is still a password. */
function echoableInput(data: unknown, path: PropertyKey[]): unknown {
	const value = valueAt(data, path);
	if (value === undefined) return undefined;
	return path.some(isSecretKey) ? REDACTED : redactSecrets(value);
}

/** Zod for every REST schema, keeping the offending input (secrets redacted) for FastAPI-shaped 422 bodies. */
export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> =
	({ schema }) =>
	(data) => {
		const result = schema.safeParse(data);
		if (result.success) return { value: result.data };
		const issues: ValidationIssue[] = result.error.issues.map((issue) => ({
			instancePath: `/${issue.path.join("/")}`,
			message: issue.message,
			issue,
			input: echoableInput(data, issue.path),
		}));
		return { error: issues as unknown as Error };
	};

const locRoot: Record<string, string> = { body: "body", querystring: "query", params: "path", headers: "header" };

const fastapiType = (issue: core.$ZodIssue, input: unknown) => {
	if (input === undefined) return "missing";
	if (issue.code === "invalid_type") return `${issue.expected}_type`;
	if (issue.code === "too_small") return issue.origin === "string" ? "string_too_short" : "greater_than_equal";
	if (issue.code === "too_big") return issue.origin === "string" ? "string_too_long" : "less_than_equal";
	if (issue.code === "invalid_format") return issue.format === "regex" ? "string_pattern_mismatch" : "value_error";
	if (issue.code === "invalid_value") return "enum";
	if (issue.code === "unrecognized_keys") return "extra_forbidden";
	return "value_error";
};

/** FastAPI's `{"detail": [{type, loc, msg, input}]}` for a failed request validation. */
export function fastapiValidationBody(issues: ValidationIssue[], context: string) {
	return {
		detail: issues.map(({ issue, input }) => ({
			type: fastapiType(issue, input),
			loc: [locRoot[context] ?? context, ...issue.path.map((key) => (typeof key === "symbol" ? String(key) : key))],
			msg: messageText(issue.message),
			input: input === undefined ? null : input,
		})),
	};
}
