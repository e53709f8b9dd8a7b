type Listener = () => void;

/**
 * Whether the login screen owes the user a word: "your session has ended" after the server
 * ended it, nothing after a logout. Kept in memory: it belongs to this tab's session and
 * goes with the next login.
 */
export function createEndNotice() {
	let shown = false;
	const listeners = new Set<Listener>();
	return {
		get: (): boolean => shown,
		set(value: boolean): void {
			if (value === shown) return;
			shown = value;
			for (const listener of listeners) listener();
		},
		subscribe(listener: Listener): () => void {
			listeners.add(listener);
			return () => listeners.delete(listener);
		},
	};
}

export type EndNotice = ReturnType<typeof createEndNotice>;
