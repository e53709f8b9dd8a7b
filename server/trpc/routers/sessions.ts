import { sessionIdParamsSchema } from "../../../shared/schemas/sessions.ts";
import { listMySessions, revokeMySession, revokeOtherSessions } from "../../services/users/devices.ts";
import { protectedProcedure, router } from "../init.ts";

/** The caller's signed-in devices (REST: /users/me/sessions). */
export const sessionsRouter = router({
	list: protectedProcedure.query(async ({ ctx }) => listMySessions(ctx.deps, ctx.auth)),
	revoke: protectedProcedure
		.input(sessionIdParamsSchema)
		.mutation(async ({ ctx, input }) => revokeMySession(ctx.deps, ctx.auth, input.session_id, ctx.meta)),
	revokeOthers: protectedProcedure.mutation(async ({ ctx }) => revokeOtherSessions(ctx.deps, ctx.auth, ctx.meta)),
});
