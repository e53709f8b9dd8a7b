import { type ReactNode, useLayoutEffect, useRef, useState } from "react";

type Props = { text: string; children?: ReactNode; className?: string };

/**
 * One line, cut with an ellipsis when it does not fit. The full text is always in the
 * page (screen readers read it whole); a cut one also shows on hover (title) and, as it
 * can then take the keyboard focus, unfolds on focus.
 */
export function TruncatedText({ text, children, className }: Props) {
	const ref = useRef<HTMLSpanElement>(null);
	const [cut, setCut] = useState(false);
	// biome-ignore lint/correctness/useExhaustiveDependencies: a new text is measured again
	useLayoutEffect(() => {
		const element = ref.current;
		if (!element) return;
		// While focused it is unfolded: it stays as measured before.
		const measure = () => {
			if (document.activeElement !== element) setCut(element.scrollWidth > element.clientWidth + 1);
		};
		measure();
		const observer = new ResizeObserver(measure);
		observer.observe(element);
		return () => observer.disconnect();
	}, [text]);
	return (
		<span
			ref={ref}
			className={["truncated-text", className].filter(Boolean).join(" ")}
			// A name shows its own beginning in any UI direction: a Latin name in Arabic is cut at its end.
			dir="auto"
			title={cut ? text : undefined}
			tabIndex={cut ? 0 : undefined}
			data-cut={cut || undefined}
		>
			{children ?? text}
		</span>
	);
}
