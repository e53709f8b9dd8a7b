import { readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100;

/** CPU seconds a process has used so far (user + system), from /proc. */
export function cpuSeconds(pid: number): number {
	const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
	// Fields after the command name, which may hold spaces: utime and stime are the 12th and 13th.
	const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
	return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

const statusField = (pid: number, name: string) => {
	const match = new RegExp(`${name}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "utf8"));
	return match ? Number(match[1]) / 1024 : Number.NaN;
};

/** Resident memory now, and the highest it has been, in MB. */
export const rssMegabytes = (pid: number) => statusField(pid, "VmRSS");
export const peakRssMegabytes = (pid: number) => statusField(pid, "VmHWM");

export const median = (values: number[]) => {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)] as number;
};
