import { accountSummary, usersSummary } from "../../services/dashboard.ts";
import { adminProcedure, protectedProcedure, router } from "../init.ts";

/** The dashboard's cards (REST: GET /users/me/summary, GET /users/summary). */
export const dashboardRouter = router({
	account: protectedProcedure.query(async ({ ctx }) => accountSummary(ctx.deps, ctx.auth)),
	users: adminProcedure.query(async ({ ctx }) => usersSummary(ctx.deps)),
});
