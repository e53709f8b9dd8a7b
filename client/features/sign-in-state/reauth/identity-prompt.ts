type Listener = () => void;

/**
 * The open question "please confirm it is you" that the re-authentication dialog answers.
 * Calls refused at the same time wait on one question, so the user sees one dialog.
 */
export function createIdentityPrompt() {
	let pending: { answer: Promise<boolean>; settle: (confirmed: boolean) => void } | null = null;
	const listeners = new Set<Listener>();
	const emit = () => {
		for (const listener of listeners) listener();
	};
	return {
		/** Resolves to true once the user has confirmed their identity, false when they cancelled. */
		ask(): Promise<boolean> {
			if (!pending) {
				let settle: (confirmed: boolean) => void = () => {};
				const answer = new Promise<boolean>((resolve) => {
					settle = resolve;
				});
				pending = { answer, settle };
				emit();
			}
			return pending.answer;
		},
		answer(confirmed: boolean): void {
			const current = pending;
			if (!current) return;
			pending = null;
			emit();
			current.settle(confirmed);
		},
		isOpen: (): boolean => pending !== null,
		subscribe(listener: Listener): () => void {
			listeners.add(listener);
			return () => listeners.delete(listener);
		},
	};
}

export type IdentityPrompt = ReturnType<typeof createIdentityPrompt>;
