import { sweepAuditEvents } from "./audit/record.ts";
import type { ServiceDeps } from "./deps.ts";
import { sweepAccountTokens } from "./links/email-links.ts";
import { sweepOrphanFiles } from "./media/orphans.ts";
import { noticeExpiringTokens, sweepExpiredTokens } from "./tokens/manage.ts";

const DAY_MS = 86_400_000;

/** Deletes what has outlived its use; run at start and then daily. Each job logs, never throws. */
export async function runHousekeeping(deps: ServiceDeps): Promise<void> {
	const jobs: Array<[string, () => Promise<number>]> = [
		["audit events past AUDIT_RETENTION", () => sweepAuditEvents(deps)],
		["expired e-mail verification and revert links", () => sweepAccountTokens(deps)],
		["media files without a media row", () => sweepOrphanFiles(deps)],
		["personal access tokens past their end", () => sweepExpiredTokens(deps)],
		["notices of personal access tokens ending within a week", () => noticeExpiringTokens(deps)],
	];
	for (const [what, job] of jobs) {
		try {
			const removed = await job();
			if (removed > 0) deps.log.info({ removed }, `removed ${what}`);
		} catch (error) {
			deps.log.error({ err: error }, `could not remove ${what}`);
		}
	}
}

/** Runs the housekeeping now and every day; the returned function stops it. */
export function startHousekeeping(deps: ServiceDeps): () => void {
	void runHousekeeping(deps);
	const timer = setInterval(() => void runHousekeeping(deps), DAY_MS);
	timer.unref();
	return () => clearInterval(timer);
}
