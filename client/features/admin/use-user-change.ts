import { useCallback } from "react";
import { useI18n } from "../../i18n/index.tsx";
import { notifyMutationError } from "../../lib/error-text.ts";
import { notifySuccess } from "../../lib/toast.ts";
import { useReloadUsers } from "./use-users-page.ts";

/**
 * Runs one change to a user (add, edit, delete): on success its toast, `onDone` (closes the
 * dialog) and a fresh list; on failure the error toast and `onFailure` (shows it at its
 * field), and the dialog stays open.
 */
export function useUserChange(successText: () => string, onDone: () => void, onFailure?: (error: unknown) => void) {
	const { LL } = useI18n();
	const reload = useReloadUsers();
	return useCallback(
		async (change: () => Promise<unknown>) => {
			try {
				await change();
				notifySuccess(successText());
				onDone();
				await reload();
			} catch (error) {
				notifyMutationError(error, LL);
				onFailure?.(error);
			}
		},
		[LL, reload, successText, onDone, onFailure],
	);
}
