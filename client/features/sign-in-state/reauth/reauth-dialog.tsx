import { lazy, Suspense, useSyncExternalStore } from "react";
import { useSessionContext } from "../session-provider.tsx";

// Loaded the first time it opens: the login screen does not pay for a dialog it never shows.
const ReauthDialogContent = lazy(() => import("./reauth-dialog-content.tsx"));

/**
 * The one answer to a sensitive action the server refused with REAUTH_REQUIRED: asks for a
 * fresh proof of identity, then the refused call is sent again and resolves as if nothing
 * happened; Cancel (or Escape) lets the call fail with that refusal. Never a logout.
 * Mounted once, inside the theme, by the app.
 */
export function ReauthDialog() {
	const { identityPrompt } = useSessionContext();
	const open = useSyncExternalStore(identityPrompt.subscribe, identityPrompt.isOpen, () => false);
	if (!open) return null;
	return (
		<Suspense fallback={null}>
			<ReauthDialogContent
				onConfirmed={() => identityPrompt.answer(true)}
				onCancel={() => identityPrompt.answer(false)}
			/>
		</Suspense>
	);
}
