import { useSyncExternalStore } from "react";
import { AUTH_STORAGE_KEY } from "../../lib/auth-storage-key.ts";

export type AuthTokens = { token: string; refreshToken: string };

/** Only the two tokens are persisted, under the product's storage key. */
export { AUTH_STORAGE_KEY };

/** Reads a stored value, refusing anything that is not `{token, refreshToken}` strings. */
export function parseAuthTokens(raw: string | null): AuthTokens | null {
	if (!raw) return null;
	try {
		const value: unknown = JSON.parse(raw);
		if (typeof value !== "object" || value === null) return null;
		const { token, refreshToken } = value as Record<string, unknown>;
		if (typeof token !== "string" || token === "") return null;
		return { token, refreshToken: typeof refreshToken === "string" ? refreshToken : "" };
	} catch {
		return null;
	}
}

type Listener = () => void;
const listeners = new Set<Listener>();
let cachedRaw: string | null | undefined;
let cached: AuthTokens | null = null;

const readStorage = (): string | null => {
	try {
		return localStorage.getItem(AUTH_STORAGE_KEY);
	} catch {
		return null;
	}
};

const emit = () => {
	for (const listener of listeners) listener();
};

/**
 * The tokens, kept in localStorage so every tab of the app shares them. The one place
 * that reads or writes them; listeners hear this tab's changes and other tabs' alike.
 */
export const tokenStore = {
	get(): AuthTokens | null {
		const raw = readStorage();
		if (raw !== cachedRaw) {
			cachedRaw = raw;
			cached = parseAuthTokens(raw);
		}
		return cached;
	},
	set(tokens: AuthTokens): void {
		localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(tokens));
		emit();
	},
	clear(): void {
		localStorage.removeItem(AUTH_STORAGE_KEY);
		emit();
	},
	subscribe(listener: Listener): () => void {
		listeners.add(listener);
		return () => listeners.delete(listener);
	},
};

export type TokenStore = typeof tokenStore;

// Another tab logging in or out updates this one too.
if (typeof window !== "undefined") {
	window.addEventListener("storage", (event) => {
		if (event.key === AUTH_STORAGE_KEY || event.key === null) emit();
	});
}

/** The stored tokens, re-rendering when they change (here or in another tab). */
export function useAuthTokens(): AuthTokens | null {
	return useSyncExternalStore(tokenStore.subscribe, tokenStore.get, () => null);
}
