import type { FastifyRequest } from "fastify";

const SECRET_PARAM = /token|password|secret|key/i;

/** The URL as logged: values of query parameters that may hold a secret (a reset link's token) are masked. */
export function redactUrl(url: string): string {
	const at = url.indexOf("?");
	if (at === -1) return url;
	const params = new URLSearchParams(url.slice(at + 1));
	let masked = false;
	for (const name of new Set(params.keys())) {
		if (SECRET_PARAM.test(name)) {
			params.set(name, "[redacted]");
			masked = true;
		}
	}
	return masked ? `${url.slice(0, at)}?${params.toString()}` : url;
}

/** pino options for the app: JSON lines, never a credential (docs/decisions/001: never a token in a log line). */
export const loggerOptions = (level: string) => ({
	level,
	redact: ["req.headers.authorization", "req.headers.cookie"],
	serializers: {
		req: (request: FastifyRequest) => ({
			method: request.method,
			url: redactUrl(request.url),
			host: request.host,
			remoteAddress: request.ip,
		}),
	},
});
