/**
 * A screen's code that could not be fetched: the connection dropped, or a new build
 * replaced the old hashed chunks (the server answers 404 for them). ScreenBoundary tells
 * the two apart by asking the server whether it answers at all.
 */
export class ScreenLoadError extends Error {
	constructor(cause: unknown) {
		super("A screen's code could not be loaded", { cause });
		this.name = "ScreenLoadError";
	}
}

let attempt = 0;
/** Which try of the failed screens this is: a screen whose code failed in an earlier one fetches it again. */
export const loadAttempt = () => attempt;
export const tryScreensAgain = () => {
	attempt += 1;
};

// Vite preloads a screen's stylesheet once: after a failure it counts it as done, and a
// retry would draw the screen without its styles. The failed ones are put back first.
const failedStyles = new Set<string>();
window.addEventListener("vite:preloadError", (event) => {
	const match = /Unable to preload CSS for (\S+)/.exec(String((event as Event & { payload?: unknown }).payload));
	if (match?.[1]) failedStyles.add(match[1]);
});

function restyle(href: string): Promise<void> {
	for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'))
		if (link.href === href) link.remove();
	return new Promise((resolve, reject) => {
		const link = document.createElement("link");
		link.rel = "stylesheet";
		link.crossOrigin = "";
		link.href = href;
		link.onload = () => {
			failedStyles.delete(href);
			resolve();
		};
		link.onerror = () => reject(new Error(`Unable to load CSS ${href}`));
		document.head.append(link);
	});
}

/** `load()` of a screen's module, its failure as a ScreenLoadError. */
export function loadScreen<T>(load: () => Promise<T>): Promise<T> {
	return Promise.all([...failedStyles].map(restyle))
		.then(load)
		.catch((error: unknown) => {
			throw new ScreenLoadError(error);
		});
}

/** Whether the server answers at all (any status): a chunk that failed while it does is gone for good. */
export async function serverAnswers(): Promise<boolean> {
	if (!navigator.onLine) return false;
	try {
		await fetch("/api/v1/utils/health-check/", { cache: "no-store" });
		return true;
	} catch {
		return false;
	}
}

const RELOADED_AT = "chunk-reload-at";

/**
 * A new build removed the chunk this tab asked for: one reload (same URL) fetches the new
 * build. Not more than once a minute, so a chunk missing for another reason ends on the
 * error screen instead of a reload loop. Returns whether the page is reloading.
 */
export function reloadForNewBuild(): boolean {
	try {
		const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
		if (Date.now() - last < 60_000) return false;
		sessionStorage.setItem(RELOADED_AT, String(Date.now()));
	} catch {
		return false;
	}
	window.location.reload();
	return true;
}
