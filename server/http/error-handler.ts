import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { DomainError } from "../domain/errors.ts";
import { reasonStatus } from "./errors.ts";
import { fastapiValidationBody, type ValidationIssue } from "./validation.ts";

const BODY_PARSE_ERRORS = new Set([
	"FST_ERR_CTP_INVALID_JSON_BODY",
	"FST_ERR_CTP_EMPTY_JSON_BODY",
	"FST_ERR_CTP_INVALID_CONTENT_LENGTH",
	"PORTICO_JSON_TOO_DEEP",
]);

/** Errors as the FastAPI template shapes them: `{"detail": ...}`; 5xx text never leaks. */
export function restErrorHandler(error: FastifyError | DomainError, request: FastifyRequest, reply: FastifyReply) {
	if (error instanceof DomainError) {
		const { status } = reasonStatus[error.reason];
		if (status === 401) reply.header("www-authenticate", "Bearer");
		if (error.retryAfter !== undefined) reply.header("retry-after", String(error.retryAfter));
		// What travels beside the text is a credential of sorts (the second login step's token): never cached.
		if (error.extra !== undefined) reply.header("cache-control", "no-store");
		return reply.status(status).send({ detail: error.message, ...error.extra });
	}
	if (error.validation) {
		const context = error.validationContext ?? "body";
		return reply.status(422).send(fastapiValidationBody(error.validation as unknown as ValidationIssue[], context));
	}
	if (error.code && BODY_PARSE_ERRORS.has(error.code)) {
		return reply.status(422).send({
			detail: [{ type: "json_invalid", loc: ["body"], msg: "JSON decode error", input: null }],
		});
	}
	const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
	if (status >= 500) {
		request.log.error({ err: error }, "request failed");
		return reply.status(status).send({ detail: "Internal Server Error" });
	}
	return reply.status(status).send({ detail: error.message });
}
