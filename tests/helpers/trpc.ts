import type { FastifyInstance } from "fastify";

type Headers = Record<string, string>;

export type TrpcResult = {
	status: number;
	headers: Record<string, unknown>;
	data: unknown;
	error: { message: string; code: string; httpStatus: number; reason: string | null; issues: unknown } | null;
};

function unwrap(res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }): TrpcResult {
	const body = res.json() as {
		result?: { data: unknown };
		error?: { message: string; data: { code: string; httpStatus: number; reason: string | null; issues: unknown } };
	};
	return {
		status: res.statusCode,
		headers: res.headers,
		data: body.result?.data,
		error: body.error
			? {
					message: body.error.message,
					code: body.error.data.code,
					httpStatus: body.error.data.httpStatus,
					reason: body.error.data.reason,
					issues: body.error.data.issues,
				}
			: null,
	};
}

/** A tRPC mutation over HTTP, as httpLink sends it (no batching, no transformer). */
export async function mutate(
	app: FastifyInstance,
	path: string,
	input?: unknown,
	options: { headers?: Headers; ip?: string } = {},
): Promise<TrpcResult> {
	const res = await app.inject({
		method: "POST",
		url: `/trpc/${path}`,
		remoteAddress: options.ip ?? "127.0.0.1",
		headers: { "content-type": "application/json", ...options.headers },
		payload: input === undefined ? "" : JSON.stringify(input),
	});
	return unwrap(res);
}

export async function query(
	app: FastifyInstance,
	path: string,
	input?: unknown,
	options: { headers?: Headers; ip?: string } = {},
): Promise<TrpcResult> {
	const search = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
	const res = await app.inject({
		method: "GET",
		url: `/trpc/${path}${search}`,
		remoteAddress: options.ip ?? "127.0.0.1",
		headers: options.headers,
	});
	return unwrap(res);
}
