/** The admin screen's `?page=`: a whole number from 1, anything else falls back to 1. */
export function parsePageParam(value: string | null | undefined): number {
	if (value == null || !/^\s*\d+\s*$/.test(value)) return 1;
	const page = Number(value);
	return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}
