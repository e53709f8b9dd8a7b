import { fragmentsOf } from "../db/dialect/index.ts";
import { HOUSEKEEPING_LOCK } from "../db/postgres.ts";
import { sweepAuditEvents } from "./audit/record.ts";
import type { ServiceDeps } from "./deps.ts";
import { sweepAccountTokens } from "./links/email-links.ts";
import { sweepOrphanFiles } from "./media/orphans.ts";
import { noticeExpiringTokens, sweepExpiredTokens } from "./tokens/manage.ts";

const DAY_MS = 86_400_000;

/** One sweep: what it removes, and the work, answering how many it removed. */
export type HousekeepingJob = [what: string, run: () => Promise<number>];

/** What has outlived its use. */
export const housekeepingJobs = (deps: ServiceDeps): HousekeepingJob[] => [
	["audit events past AUDIT_RETENTION", () => sweepAuditEvents(deps)],
	["expired e-mail verification and revert links", () => sweepAccountTokens(deps)],
	["media files without a media row", () => sweepOrphanFiles(deps)],
	["rate-limit buckets that have refilled", () => deps.limiter.sweep(deps)],
	["personal access tokens past their end", () => sweepExpiredTokens(deps)],
	["notices of personal access tokens ending within a week", () => noticeExpiringTokens(deps)],
];

/** The run under way per app (its outer database handle): a second run in the same app waits for it. */
const runs = new WeakMap<object, Promise<unknown>>();

/**
 * Runs the jobs, on one instance at a time: one that finds another instance at it skips
 * this round ("skipped"; the deletes are idempotent, running them twice only wastes work).
 * Within one app, runs follow each other. Each job logs, never throws.
 */
export function runHousekeeping(
	deps: ServiceDeps,
	jobs: HousekeepingJob[] = housekeepingJobs(deps),
): Promise<"ran" | "skipped"> {
	const previous = runs.get(deps.db) ?? Promise.resolve();
	const run = previous.catch(() => undefined).then(() => runAlone(deps, jobs));
	runs.set(deps.db, run);
	return run;
}

async function runAlone(deps: ServiceDeps, jobs: HousekeepingJob[]): Promise<"ran" | "skipped"> {
	const alone = await fragmentsOf(deps.db).unlessRunningElsewhere(deps.db, HOUSEKEEPING_LOCK, async () => {
		for (const [what, job] of jobs) {
			try {
				const removed = await job();
				if (removed > 0) deps.log.info({ removed }, `removed ${what}`);
			} catch (error) {
				deps.log.error({ err: error }, `could not remove ${what}`);
			}
		}
	});
	if (!alone.ran) deps.log.info("housekeeping skipped: another instance is running it");
	return alone.ran ? "ran" : "skipped";
}

/** Runs the housekeeping now and every day; the returned function stops it. */
export function startHousekeeping(deps: ServiceDeps): () => void {
	const run = () =>
		void runHousekeeping(deps).catch((error: unknown) =>
			deps.log.error({ err: error }, "housekeeping could not start"),
		);
	run();
	const timer = setInterval(run, DAY_MS);
	timer.unref();
	return () => clearInterval(timer);
}
