import { type RefObject, useLayoutEffect, useState } from "react";

/**
 * The width of an element in px, following its resizes (a window resized, the side menu
 * opened or closed). Measured before the first paint, so a layout chosen from it does not flash.
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
	const [width, setWidth] = useState(0);
	useLayoutEffect(() => {
		const element = ref.current;
		if (!element) return;
		setWidth(element.getBoundingClientRect().width);
		const observer = new ResizeObserver(([entry]) => {
			if (entry) setWidth(entry.contentRect.width);
		});
		observer.observe(element);
		return () => observer.disconnect();
	}, [ref]);
	return width;
}
