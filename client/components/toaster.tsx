import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import type { ToasterProps } from "sonner";
import { afterFirstScreen } from "../lib/first-screen.ts";
import { requestToaster, toasterWanted } from "../lib/toast.ts";

// sonner (9 KB gzipped) is not part of the first screen: it loads once that screen is up,
// or at the first toast if one comes sooner (lib/toast.ts holds the toast until it is there).
const SonnerToaster = lazy(() => import("./sonner-toaster.tsx"));

export function Toaster(props: ToasterProps) {
	const wanted = useSyncExternalStore(toasterWanted.subscribe, toasterWanted.get, () => false);
	useEffect(() => afterFirstScreen(requestToaster), []);
	if (!wanted) return null;
	return (
		<Suspense fallback={null}>
			<SonnerToaster {...props} />
		</Suspense>
	);
}
