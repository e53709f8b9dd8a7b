import { execFileSync } from "node:child_process";
import { existsSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { ROOT, tempDir } from "./process.ts";

/**
 * The release before this tree, for the upgrade test: PORTICO_PREVIOUS_RELEASE (any git
 * revision) when set, else the first parent of HEAD (on main, every merge is a release: the
 * code that still serves while this tree's migrations are applied). Undefined, with why,
 * when there is no git history here (a shallow clone, an unpacked archive) or when that
 * release cannot run on PostgreSQL yet.
 */
export function previousRelease(): { revision: string } | { why: string } {
	const wanted = process.env.PORTICO_PREVIOUS_RELEASE ?? "HEAD^1";
	let revision: string;
	try {
		revision = execFileSync("git", ["rev-parse", "--verify", "--quiet", `${wanted}^{commit}`], {
			cwd: ROOT,
			encoding: "utf8",
			stdio: ["ignore", "pipe", "ignore"],
		}).trim();
	} catch {
		return {
			why: `no git history for ${wanted} here (a shallow clone? fetch with --depth=2 or more, or set PORTICO_PREVIOUS_RELEASE)`,
		};
	}
	try {
		execFileSync("git", ["cat-file", "-e", `${revision}:migrations-pg/meta/_journal.json`], {
			cwd: ROOT,
			stdio: "ignore",
		});
	} catch {
		return { why: `${revision.slice(0, 12)} has no PostgreSQL migrations: it cannot run on PostgreSQL` };
	}
	return { revision };
}

/**
 * That release's files, unpacked from git into a temp folder (no worktree is registered),
 * with this tree's node_modules: its server runs from its sources as `startServer` runs ours.
 */
export function unpackRelease(revision: string): string {
	const dir = tempDir("portico-previous-");
	execFileSync("sh", ["-c", `git archive --format=tar ${revision} | tar -x -C "${dir}"`], {
		cwd: ROOT,
		stdio: "ignore",
	});
	if (!existsSync(join(dir, "node_modules"))) symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
	return dir;
}
