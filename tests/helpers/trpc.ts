import type {
	AnyTRPCMutationProcedure,
	AnyTRPCProcedure,
	AnyTRPCQueryProcedure,
	inferProcedureInput,
	TRPCRouterRecord,
} from "@trpc/server";
import type { FastifyInstance } from "fastify";
import type { AppRouter } from "../../server/trpc/router.ts";

type Headers = Record<string, string>;
type Options = { headers?: Headers; ip?: string };

type Procedures = AppRouter["_def"]["record"];

/** The paths ("auth.login") of the router's procedures of one kind. */
type PathsOf<TRecord extends TRPCRouterRecord, TKind, TPrefix extends string = ""> = {
	[TKey in keyof TRecord & string]: TRecord[TKey] extends AnyTRPCProcedure
		? TRecord[TKey] extends TKind
			? `${TPrefix}${TKey}`
			: never
		: TRecord[TKey] extends TRPCRouterRecord
			? PathsOf<TRecord[TKey], TKind, `${TPrefix}${TKey}.`>
			: never;
}[keyof TRecord & string];

/** The procedure at a path. */
type ProcedureAt<TRecord, TPath extends string> = TPath extends `${infer Head}.${infer Rest}`
	? Head extends keyof TRecord
		? ProcedureAt<TRecord[Head], Rest>
		: never
	: TPath extends keyof TRecord
		? TRecord[TPath]
		: never;

export type MutationPath = PathsOf<Procedures, AnyTRPCMutationProcedure>;
export type QueryPath = PathsOf<Procedures, AnyTRPCQueryProcedure>;
/** What a procedure accepts, as its client would send it. */
export type InputOf<TPath extends MutationPath | QueryPath> =
	ProcedureAt<Procedures, TPath> extends AnyTRPCProcedure ? inferProcedureInput<ProcedureAt<Procedures, TPath>> : never;

/** The input and options after the path; the input may be left out when the procedure takes none. */
type Args<TPath extends MutationPath | QueryPath> =
	undefined extends InputOf<TPath>
		? [input?: InputOf<TPath>, options?: Options]
		: [input: InputOf<TPath>, options?: Options];

export type TrpcResult = {
	status: number;
	headers: Record<string, unknown>;
	data: unknown;
	error: {
		message: string;
		code: string;
		httpStatus: number;
		reason: string | null;
		issues: unknown;
		/** What a refusal carries beside its text (the second login step's `mfa_token`). */
		extra: Record<string, string> | null;
		/** Seconds to wait, for a refusal that says (a rate limit); null otherwise. */
		retryAfter: number | null;
	} | null;
};

function unwrap(res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }): TrpcResult {
	const body = res.json() as {
		result?: { data: unknown };
		error?: {
			message: string;
			data: {
				code: string;
				httpStatus: number;
				reason: string | null;
				issues: unknown;
				extra: Record<string, string> | null;
				retryAfter: number | null;
			};
		};
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
					extra: body.error.data.extra,
					retryAfter: body.error.data.retryAfter,
				}
			: null,
	};
}

/**
 * A tRPC mutation over HTTP, as httpLink sends it (no batching, no transformer). The path
 * and the input are typed by the router: a renamed procedure or a changed input fails tsc.
 */
export const mutate = <TPath extends MutationPath>(
	app: FastifyInstance,
	path: TPath,
	...[input, options]: Args<TPath>
): Promise<TrpcResult> => mutateUnchecked(app, path, input, options);

/** A tRPC query over HTTP (GET, the input in the query string), typed like `mutate`. */
export const query = <TPath extends QueryPath>(
	app: FastifyInstance,
	path: TPath,
	...[input, options]: Args<TPath>
): Promise<TrpcResult> => queryUnchecked(app, path, input, options);

/** `mutate` without the types: for tests that send what no client would (bad input, any path). */
export async function mutateUnchecked(
	app: FastifyInstance,
	path: string,
	input?: unknown,
	options: Options = {},
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

/** `query` without the types: for tests that send what no client would (bad input, any path). */
export async function queryUnchecked(
	app: FastifyInstance,
	path: string,
	input?: unknown,
	options: Options = {},
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
