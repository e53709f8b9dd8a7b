export const PAGE_SIZE = 5;

export const pageCount = (count: number) => Math.max(1, Math.ceil(count / PAGE_SIZE));

/**
 * The page numbers to show: all of them when few, else the first, the last and a window
 * around the current one, with null where numbers are left out.
 */
export function pageNumbers(current: number, total: number): (number | null)[] {
	if (total <= 7) return Array.from({ length: total }, (_, i) => i + 1);
	const pages = new Set([1, total, current - 1, current, current + 1]);
	const sorted = [...pages].filter((p) => p >= 1 && p <= total).sort((a, b) => a - b);
	const out: (number | null)[] = [];
	for (const page of sorted) {
		const last = out[out.length - 1];
		if (typeof last === "number" && page - last > 1) out.push(null);
		out.push(page);
	}
	return out;
}
