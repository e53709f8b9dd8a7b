import type { FastifyBodyParser, FastifyRequest } from "fastify";

/**
 * No request of this API nests deeper than a few levels (a tRPC batch of objects is three).
 * A deeper body is refused before it is parsed: parsing 100,000 nested arrays costs about
 * 40 ms of CPU, and echoing such a value in a 422 overflows the stack of JSON.stringify.
 */
export const MAX_JSON_DEPTH = 64;

/** Whether JSON text nests arrays and objects deeper than `max`; brackets inside strings do not count. */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
	if (text.length <= max) return false;
	let depth = 0;
	let inString = false;
	for (let i = 0; i < text.length; i++) {
		const char = text.charCodeAt(i);
		if (inString) {
			if (char === 0x5c)
				i++; // a backslash escapes the next character
			else if (char === 0x22) inString = false;
		} else if (char === 0x22) {
			inString = true;
		} else if (char === 0x5b || char === 0x7b) {
			if (++depth > max) return true;
		} else if (char === 0x5d || char === 0x7d) {
			depth--;
		}
	}
	return false;
}

/** A body nested beyond MAX_JSON_DEPTH; the REST error handler answers it as malformed JSON. */
export class JsonTooDeepError extends Error {
	readonly statusCode = 400;
	readonly code = "PORTICO_JSON_TOO_DEEP";
	constructor() {
		super(`JSON nests deeper than ${MAX_JSON_DEPTH} levels`);
	}
}

type JsonParser = (request: FastifyRequest, body: string, done: (error: Error | null, body?: unknown) => void) => void;

/** Wraps Fastify's JSON body parser (text in) so that a too-deep body never reaches it. */
export function depthLimited(parse: FastifyBodyParser<string>): JsonParser {
	return (request, body, done) => {
		if (jsonNestsDeeperThan(body, MAX_JSON_DEPTH)) return done(new JsonTooDeepError());
		parse(request, body, done);
	};
}
