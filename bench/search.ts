import { runLoad } from "./load.ts";

/**
 * The admin search over the seeded users (bench/seed.ts), one request at a time: a few
 * letters of a surname (a tenth of the users match), an e-mail (one), nothing, the domain
 * every seeded user shares (all of them: the broadest search there is), a search with
 * filters and a sort by name, and two letters (too short for the trigram index: a scan).
 */
export const searchScenarios = [
	["search a name (q=nguy)", "q=nguy"],
	["search an e-mail (q=seed-4242@)", "q=seed-4242%40"],
	["search, no match (q=zqxj)", "q=zqxj"],
	["search every user (q=example.com)", "q=example.com"],
	["search + filters + sort by name", "q=martin&status=active&verified=false&sort=full_name"],
	["search 2 letters (q=ng, scans)", "q=ng"],
] as const;

/** A server to search on, as an admin. */
export type SearchTarget = { base: string; headers: Record<string, string> };

/**
 * p50 latency in ms of each scenario on each target, page 1 of 5 rows as the admin screen
 * asks; the targets take turns per scenario. One list of [scenario, p50] per target.
 */
export async function measureSearch(targets: SearchTarget[], seconds: number) {
	const figures = targets.map((): [string, number][] => []);
	for (const [name, query] of searchScenarios)
		for (const [i, { base, headers }] of targets.entries()) {
			const url = `${base}/api/v1/users/?skip=0&limit=5&${query}`;
			const check = await fetch(url, { headers });
			if (!check.ok) throw new Error(`${name}: ${check.status} ${await check.text()}`);
			const result = await runLoad({ url, headers, seconds, connections: 1 });
			figures[i]?.push([name, result.p50]);
		}
	return figures;
}
