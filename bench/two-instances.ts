import { alternatingStorms } from "./logins.ts";
import { freePort, startNode, stop, waitForOk } from "./processes.ts";
import { cpuSeconds } from "./stats.ts";
import { measureRounds } from "./throughput.ts";

type Instance = { port: number; pid: number };

/**
 * One instance and two instances on the same PostgreSQL, each behind its own round-robin
 * proxy (bench/proxy.ts, a process of its own), so that both pay the same extra hop and the
 * ratio two / one is the second instance's alone: users/me under load, then logins under a
 * storm, in alternating rounds. CPU per request counts the proxy, the instances and the cluster.
 */
export async function measureTwoInstances(options: {
	instances: [Instance, Instance];
	proxyScript: string;
	headers: Record<string, string>;
	login: { email: string; password: string };
	clusterCpuSeconds: () => number;
	rounds: number;
	seconds: number;
	warmupSeconds: number;
	stormRounds: number;
	stormSeconds: number;
	say: (line: string) => void;
}) {
	const [first, second] = options.instances;
	const ports = { one: await freePort(), two: await freePort() };
	const one = startNode(options.proxyScript, { PORT: String(ports.one), UPSTREAMS: String(first.port) });
	const two = startNode(options.proxyScript, { PORT: String(ports.two), UPSTREAMS: `${first.port},${second.port}` });
	const base = (port: number) => `http://127.0.0.1:${port}`;
	const cpuOf = (pids: number[]) => () =>
		pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0) + options.clusterCpuSeconds();
	try {
		for (const port of [ports.one, ports.two])
			await waitForOk(`${base(port)}/api/v1/users/me`, performance.now(), 15_000, options.headers);
		const figures = await measureRounds(
			[
				{
					name: "one instance",
					url: `${base(ports.one)}/api/v1/users/me`,
					headers: options.headers,
					pid: first.pid,
					cpuSeconds: cpuOf([one.pid as number, first.pid]),
				},
				{
					name: "two instances",
					url: `${base(ports.two)}/api/v1/users/me`,
					headers: options.headers,
					pid: second.pid,
					cpuSeconds: cpuOf([two.pid as number, first.pid, second.pid]),
				},
			],
			{ rounds: options.rounds, seconds: options.seconds, warmupSeconds: options.warmupSeconds },
			options.say,
		);
		const storms = await alternatingStorms(
			[
				{
					name: "one instance",
					base: base(ports.one),
					headers: options.headers,
					cpuSeconds: cpuOf([one.pid as number, first.pid]),
				},
				{
					name: "two instances",
					base: base(ports.two),
					headers: options.headers,
					cpuSeconds: cpuOf([two.pid as number, first.pid, second.pid]),
				},
			],
			options.login,
			{ rounds: options.stormRounds, seconds: options.stormSeconds },
			options.say,
		);
		return { figures, storms };
	} finally {
		await Promise.all([one, two].map(stop));
	}
}
