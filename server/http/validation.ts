import type { FastifySchemaCompiler } from "fastify";
import type { core, ZodType } from "zod";
import { isValidationMessageKey, validationMessages } from "../../shared/schemas/messages.ts";

/** What a failed check leaves on `error.validation`: the zod issue and the value it was about. */
export type ValidationIssue = { instancePath: string; message: string; issue: core.$ZodIssue; input: unknown };

const valueAt = (data: unknown, path: PropertyKey[]): unknown =>
	path.reduce<unknown>(
		(value, key) =>
			value !== null && typeof value === "object" ? (value as Record<PropertyKey, unknown>)[key] : undefined,
		data,
	);

/** Zod for every REST schema, keeping the offending input for FastAPI-shaped 422 bodies. */
export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> =
	({ schema }) =>
	(data) => {
		const result = schema.safeParse(data);
		if (result.success) return { value: result.data };
		const issues: ValidationIssue[] = result.error.issues.map((issue) => ({
			instancePath: `/${issue.path.join("/")}`,
			message: issue.message,
			issue,
			input: valueAt(data, issue.path),
		}));
		return { error: issues as unknown as Error };
	};

/** English text of a message key (schemas carry keys so the client can translate them). */
export const messageText = (message: string) =>
	isValidationMessageKey(message) ? validationMessages[message] : message;

const locRoot: Record<string, string> = { body: "body", querystring: "query", params: "path", headers: "header" };

const fastapiType = (issue: core.$ZodIssue, input: unknown) => {
	if (input === undefined) return "missing";
	if (issue.code === "invalid_type") return `${issue.expected}_type`;
	if (issue.code === "too_small") return issue.origin === "string" ? "string_too_short" : "greater_than_equal";
	if (issue.code === "too_big") return issue.origin === "string" ? "string_too_long" : "less_than_equal";
	if (issue.code === "invalid_format") return "value_error";
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
