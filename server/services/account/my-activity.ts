import type { AuditEvents } from "../../../shared/schemas/audit.ts";
import type { ListQuery } from "../../../shared/schemas/users.ts";
import { queryAuditEvents } from "../audit/log.ts";
import type { ServiceDeps } from "../deps.ts";
import type { Authenticated } from "../sessions/session.ts";

/** The security events about the caller (they are the subject), newest first: their own record of their account. */
export const listMyAuditEvents = async (
	deps: ServiceDeps,
	auth: Authenticated,
	page: ListQuery,
): Promise<AuditEvents> => queryAuditEvents(deps, { subjectId: auth.user.id }, page);
