import { initTRPC, TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import { DomainError } from "../domain/errors.ts";
import { reasonStatus } from "../http/errors.ts";
import { resolveAuth } from "../http/session.ts";
import { throughSession } from "../services/sessions/principal.ts";
import type { Context } from "./context.ts";

const t = initTRPC.context<Context>().create({
	errorFormatter({ shape, error }) {
		const cause = error.cause;
		// A bug's text (an SQL error, a path) is for the log, never for the client.
		const hidden = error.code === "INTERNAL_SERVER_ERROR" && !(cause instanceof DomainError);
		return {
			...shape,
			message: hidden ? "Internal Server Error" : shape.message,
			data: {
				...shape.data,
				stack: undefined,
				reason: cause instanceof DomainError ? cause.reason : null,
				// What the refusal carries beside its text (the `mfa_token` of the second login step).
				extra: cause instanceof DomainError ? (cause.extra ?? null) : null,
				// In the body too: a batched call's Retry-After header cannot say which call it is about.
				retryAfter: cause instanceof DomainError ? (cause.retryAfter ?? null) : null,
				// Each issue's message is a validation key the client translates.
				issues: cause instanceof ZodError ? cause.issues.map(({ path, message }) => ({ path, message })) : null,
			},
		};
	},
});

/** A DomainError from a service (or a gate) as the tRPC error of the one mapping table. */
function trpcErrorOf(ctx: Context, cause: DomainError): TRPCError {
	if (cause.retryAfter !== undefined) ctx.res.header("retry-after", String(cause.retryAfter));
	if (cause.extra !== undefined) ctx.res.header("cache-control", "no-store");
	return new TRPCError({ code: reasonStatus[cause.reason].code, message: cause.message, cause });
}

type Result = { ok: true } | { ok: false; error: { cause?: unknown } };
const mapped = <R extends Result>(ctx: Context, result: R): R => {
	if (!result.ok && result.error.cause instanceof DomainError) throw trpcErrorOf(ctx, result.error.cause);
	return result;
};

export const router = t.router;
export const publicProcedure = t.procedure.use(async ({ ctx, next }) => mapped(ctx, await next()));

/**
 * The caller's session, and the error mapping, in one middleware: each level of tRPC's
 * middleware chain costs a few objects on every call, and this one runs on most calls.
 */
export const protectedProcedure = t.procedure.use(async ({ ctx, next }) => {
	const resolved = await resolveAuth(ctx.deps, ctx.req, { tokens: false });
	if (!resolved.auth) throw trpcErrorOf(ctx, new DomainError(resolved.reason));
	// tRPC takes no tokens (the browser has sessions): the principal is always a session.
	const auth = throughSession(resolved.auth);
	return mapped(ctx, await next({ ctx: { auth, user: auth.user } }));
});

export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
	if (!ctx.user.isSuperuser) throw trpcErrorOf(ctx, new DomainError("FORBIDDEN"));
	return next();
});
