import { useEffect } from "react";

/** Sonner's own breakpoint: under it the toasts span the screen's width at the bottom. */
const PHONE = "(max-width: 600px)";
/** Space kept between the focused field and the toasts. */
const GAP = 8;
/** Sonner's entrance slides a toast up for 400 ms: measure again once it has landed. */
const SETTLE_MS = 450;

/** The top of the toasts on screen, in viewport pixels; null when there are none. */
function toastsTop(): number | null {
	const toasts = [...document.querySelectorAll<HTMLElement>("[data-sonner-toast]")];
	if (toasts.length === 0) return null;
	return Math.min(...toasts.map((toast) => toast.getBoundingClientRect().top));
}

/**
 * Keeps the field being edited out from under the toasts on a phone: the page gets room
 * below it (`--toast-clearance`) and scrolls the focused element above the toasts whenever a
 * toast appears or focus moves.
 */
function keepFocusClear(): void {
	const top = matchMedia(PHONE).matches ? toastsTop() : null;
	const root = document.documentElement;
	if (top === null || top >= window.innerHeight) {
		root.style.removeProperty("--toast-clearance");
		return;
	}
	root.style.setProperty("--toast-clearance", `${Math.ceil(window.innerHeight - top + GAP)}px`);
	const focused = document.activeElement;
	if (!(focused instanceof HTMLElement) || focused === document.body || focused.closest("[data-sonner-toaster]"))
		return;
	const overlap = focused.getBoundingClientRect().bottom + GAP - top;
	if (overlap > 0) window.scrollBy({ top: overlap });
}

/** Mounted once beside the Toaster. */
export function useToastClearance(): void {
	useEffect(() => {
		let timer: ReturnType<typeof setTimeout> | undefined;
		const check = () => {
			keepFocusClear();
			clearTimeout(timer);
			timer = setTimeout(keepFocusClear, SETTLE_MS);
		};
		const observer = new MutationObserver(check);
		observer.observe(document.body, { childList: true, subtree: true });
		document.addEventListener("focusin", check);
		return () => {
			observer.disconnect();
			document.removeEventListener("focusin", check);
			clearTimeout(timer);
		};
	}, []);
}
