import { router } from "./init.ts";
import { adminRouter } from "./routers/admin.ts";
import { auditRouter } from "./routers/audit.ts";
import { authRouter } from "./routers/auth.ts";
import { dashboardRouter } from "./routers/dashboard.ts";
import { identitiesRouter } from "./routers/identities.ts";
import { mediaRouter } from "./routers/media.ts";
import { passkeysRouter } from "./routers/passkeys.ts";
import { profileRouter } from "./routers/profile.ts";
import { sessionsRouter } from "./routers/sessions.ts";
import { tokensRouter } from "./routers/tokens.ts";
import { twoFactorRouter } from "./routers/two-factor.ts";
import { usersRouter } from "./routers/users.ts";

export const appRouter = router({
	auth: authRouter,
	users: usersRouter,
	admin: adminRouter,
	profile: profileRouter,
	media: mediaRouter,
	twoFactor: twoFactorRouter,
	passkeys: passkeysRouter,
	sessions: sessionsRouter,
	tokens: tokensRouter,
	audit: auditRouter,
	dashboard: dashboardRouter,
	identities: identitiesRouter,
});

/** The client imports this type only. */
export type AppRouter = typeof appRouter;
