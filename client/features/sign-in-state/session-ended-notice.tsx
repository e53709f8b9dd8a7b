import { useI18n } from "../../i18n/index.tsx";
import { useSessionEnded } from "./hooks.ts";

/**
 * "Your session has ended. Please log in again." above the login form, when the server
 * ended the session. Drawn like an amber callout by CSS: the login screen's script stays small.
 */
export function SessionEndedNotice() {
	const { LL } = useI18n();
	if (!useSessionEnded()) return null;
	return (
		<p className="notice notice-amber" role="status" data-testid="session-ended">
			{LL.access.sessionEnded()}
		</p>
	);
}
