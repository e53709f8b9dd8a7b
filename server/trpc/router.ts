import { router } from "./init.ts";
import { adminRouter } from "./routers/admin.ts";
import { authRouter } from "./routers/auth.ts";
import { usersRouter } from "./routers/users.ts";

export const appRouter = router({
	auth: authRouter,
	users: usersRouter,
	admin: adminRouter,
});

/** The client imports this type only. */
export type AppRouter = typeof appRouter;
