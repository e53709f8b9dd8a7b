import { initTRPC, TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import { DomainError } from "../domain/errors.ts";
import { reasonStatus } from "../http/errors.ts";
import { resolveAuth } from "../http/session.ts";
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

/** Turns a DomainError from a service into the tRPC error of the one mapping table. */
const domainErrors = t.middleware(async ({ ctx, next }) => {
	const result = await next();
	if (!result.ok && result.error.cause instanceof DomainError) {
		const cause = result.error.cause;
		if (cause.retryAfter !== undefined) ctx.res.header("retry-after", String(cause.retryAfter));
		if (cause.extra !== undefined) ctx.res.header("cache-control", "no-store");
		throw new TRPCError({ code: reasonStatus[cause.reason].code, message: cause.message, cause });
	}
	return result;
});

export const router = t.router;
export const publicProcedure = t.procedure.use(domainErrors);

/** The gates throw domain errors like any service, so the one table maps them (domainErrors above). */
export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
	const resolved = resolveAuth(ctx.deps, ctx.req);
	if (!resolved.auth) throw new DomainError(resolved.reason);
	return next({ ctx: { ...ctx, auth: resolved.auth, user: resolved.auth.user } });
});

export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
	if (!ctx.user.isSuperuser) throw new DomainError("FORBIDDEN");
	return next();
});
