import { Readable } from "node:stream";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";

/**
 * A request whose body the test delivers when it chooses. The server pulls the body only
 * after the request's `onRequest` hooks (authentication) ran: `reading` resolves then, and
 * the request waits, authenticated, until `release()` sends the body (a client holding
 * its body back after the headers). No timer: the body is pulled, or the request was
 * answered without it (then `reading` never resolves and `response` settles instead).
 */
export function injectWithHeldBody(
	app: FastifyInstance,
	options: Omit<InjectOptions, "payload" | "body">,
	body: string | Buffer,
): { reading: Promise<void>; release: () => void; response: Promise<LightMyRequestResponse> } {
	let pulled = () => {};
	const reading = new Promise<void>((resolve) => {
		pulled = resolve;
	});
	let released = false;
	const stream = new Readable({ read: () => pulled() });
	const release = () => {
		if (released) return;
		released = true;
		if (body.length > 0) stream.push(body);
		stream.push(null);
	};
	// No content-length: a chunked body, which the server reads until its end.
	const response = app.inject({ ...options, payload: stream });
	return { reading, release, response };
}
