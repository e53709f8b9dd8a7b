import type { ExternalToast, toast as sonnerToast } from "sonner";

/** How long toasts stay and how many show at once: the product's numbers. */
export const TOAST_MS = { success: 4000, error: 5000, upload: 3000 } as const;
export const MAX_VISIBLE_TOASTS = 5;

type Pending = () => void;

/**
 * At most five toasts at once; the rest wait in order and show as others close (sonner
 * alone would stack them hidden, with their timers already running).
 */
export function createToastQueue(limit: number) {
	let open = 0;
	const waiting: Pending[] = [];
	const next = () => {
		open -= 1;
		const show = waiting.shift();
		if (show) show();
	};
	return {
		push(show: (onClose: () => void) => void): void {
			const run = () => {
				open += 1;
				let closed = false;
				show(() => {
					if (closed) return;
					closed = true;
					next();
				});
			};
			if (open < limit) run();
			else waiting.push(run);
		},
		get size() {
			return { open, waiting: waiting.length };
		},
	};
}

const queue = createToastQueue(MAX_VISIBLE_TOASTS);

/**
 * sonner is not part of any first screen: components/toaster.tsx loads it once it is
 * wanted (`requestToaster`), and `toasterMounted` says its Toaster listens; toasts asked
 * for before then wait for it, in order.
 */
let wanted = false;
const listeners = new Set<() => void>();
export const toasterWanted = {
	get: () => wanted,
	subscribe(listener: () => void) {
		listeners.add(listener);
		return () => listeners.delete(listener);
	},
};
export function requestToaster(): void {
	if (wanted) return;
	wanted = true;
	for (const listener of listeners) listener();
}

let markMounted: (toast: typeof sonnerToast) => void = () => {};
const mounted = new Promise<typeof sonnerToast>((resolve) => {
	markMounted = resolve;
});
export const toasterMounted = (toast: typeof sonnerToast) => markMounted(toast);

function enqueue(kind: "success" | "error", title: string, options: ExternalToast): void {
	requestToaster();
	void mounted.then((toast) =>
		queue.push((onClose) => {
			toast[kind](title, { ...options, onAutoClose: onClose, onDismiss: onClose });
		}),
	);
}

export function notifySuccess(text: string): void {
	enqueue("success", text, { duration: TOAST_MS.success });
}

export function notifyError(title: string, text: string): void {
	enqueue("error", title, { description: text, duration: TOAST_MS.error });
}

export function notifyUploadSuccess(text: string): void {
	enqueue("success", text, { duration: TOAST_MS.upload });
}
