import { atomically } from "../../db/transaction.ts";
import { fail } from "../../domain/errors.ts";
import type { ServiceDeps } from "../deps.ts";
import { type Authenticated, liveSession } from "./session.ts";

/**
 * The one way a session writes (docs/decisions/012): `work` runs in one IMMEDIATE
 * transaction, and only once the acting session, read again from the database, still
 * holds: not revoked, not expired, its user still there and active. A request is
 * authenticated before its body arrives (REST's `onRequest`) and services await hashes and
 * image work, so a "sign out everywhere", a password change, a deactivation or a deletion
 * may land in between; the write then changes nothing and answers 401. `work` gets the
 * session and its user as they are now. better-sqlite3 is synchronous: `work` must not await.
 */
export function atomicallyAs<T>(deps: ServiceDeps, actor: Authenticated, work: (now: Authenticated) => T): T {
	return atomically(deps, () => work(liveSession(deps, actor.session.id) ?? fail("INVALID_CREDENTIALS")));
}

/** The same for an admin's write: the actor must also still be a superuser (403 otherwise). */
export function atomicallyAsAdmin<T>(deps: ServiceDeps, actor: Authenticated, work: (now: Authenticated) => T): T {
	return atomicallyAs(deps, actor, (now) => {
		if (!now.user.isSuperuser) fail("FORBIDDEN");
		return work(now);
	});
}
