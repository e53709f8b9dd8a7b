import { Component, lazy, type ReactNode, Suspense, useEffect, useSyncExternalStore } from "react";
import type { ToasterProps } from "sonner";
import { onFirstInteraction } from "../lib/first-interaction.ts";
import { requestToaster, toasterWanted } from "../lib/toast.ts";

// sonner (9 KB gzipped) is in no first screen: it loads at the visitor's first interaction,
// or at the first toast if one comes sooner (lib/toast.ts holds it until sonner listens).
const SonnerToaster = lazy(() => import("./sonner-toaster.tsx"));

export function Toaster(props: ToasterProps) {
	const wanted = useSyncExternalStore(toasterWanted.subscribe, toasterWanted.get, () => false);
	useEffect(() => onFirstInteraction(requestToaster), []);
	if (!wanted) return null;
	return (
		<WithoutToasts>
			<Suspense fallback={null}>
				<SonnerToaster {...props} />
			</Suspense>
		</WithoutToasts>
	);
}

/** When sonner cannot be loaded (the link dropped), the toasts are lost but the page goes on. */
class WithoutToasts extends Component<{ children: ReactNode }, { failed: boolean }> {
	state = { failed: false };

	static getDerivedStateFromError() {
		return { failed: true };
	}

	render() {
		return this.state.failed ? null : this.props.children;
	}
}
