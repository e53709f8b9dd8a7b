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

/** p50 latency in ms of each scenario, page 1 of 5 rows, as the admin screen asks. */
export async function measureSearch(base: string, headers: Record<string, string>, seconds: number) {
	const figures: [string, number][] = [];
	for (const [name, query] of searchScenarios) {
		const url = `${base}/api/v1/users/?skip=0&limit=5&${query}`;
		const check = await fetch(url, { headers });
		if (!check.ok) throw new Error(`${name}: ${check.status} ${await check.text()}`);
		const result = await runLoad({ url, headers, seconds, connections: 1 });
		figures.push([name, result.p50]);
	}
	return figures;
}
