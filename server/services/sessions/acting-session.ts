import { atomically } from "../../db/transaction.ts";
import { fail } from "../../domain/errors.ts";
import type { ServiceDeps } from "../deps.ts";
import { liveToken } from "../tokens/authenticate.ts";
import type { Authenticated } from "./principal.ts";
import { liveSession } from "./session.ts";

/** The principal as it is now, read inside the caller's transaction: null once it no longer holds. */
const livePrincipal = async (deps: ServiceDeps, actor: Authenticated): Promise<Authenticated | null> =>
	actor.token ? await liveToken(deps, actor.token.id) : await liveSession(deps, actor.session.id);

/**
 * The one way a principal writes (docs/decisions/012): `work` runs in one IMMEDIATE
 * transaction, and only once the acting session or token, read again from the database,
 * still holds: not revoked, not expired, its user still there and active (and a token's
 * admin powers still backed by a superuser). A request is
 * authenticated before its body arrives (REST's `onRequest`) and services await hashes and
 * image work, so a "sign out everywhere", a password change, a deactivation or a deletion
 * may land in between; the write then changes nothing and answers 401. `work` gets the
 * transaction's deps and the session and its user as they are now; it may await the
 * database and nothing else.
 */
export async function atomicallyAs<T>(
	deps: ServiceDeps,
	actor: Authenticated,
	work: (deps: ServiceDeps, now: Authenticated) => Promise<T>,
): Promise<T> {
	return atomically(deps, async (deps) =>
		work(deps, (await livePrincipal(deps, actor)) ?? fail("INVALID_CREDENTIALS")),
	);
}

/** The same for an admin's write: the actor must also still be a superuser (403 otherwise). */
export async function atomicallyAsAdmin<T>(
	deps: ServiceDeps,
	actor: Authenticated,
	work: (deps: ServiceDeps, now: Authenticated) => Promise<T>,
): Promise<T> {
	return await atomicallyAs(deps, actor, async (deps, now) => {
		if (!now.user.isSuperuser) fail("FORBIDDEN");
		return work(deps, now);
	});
}
