import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { useI18n } from "../../i18n/index.tsx";
import type { NavigationBlocker } from "../../lib/guarded-browser-router.tsx";

/** "Discard unsaved changes?" while the leave guard holds a navigation: Discard goes on, Keep editing stays. */
export function UnsavedChangesDialog({ blocker }: { blocker: NavigationBlocker }) {
	const { LL } = useI18n();
	const t = LL.confirmations.unsaved;
	return (
		<ConfirmDialog
			open={blocker.state === "blocked"}
			title={t.title()}
			text={t.text()}
			confirmLabel={t.leave()}
			cancelLabel={t.stay()}
			pending={false}
			onConfirm={() => blocker.proceed?.()}
			onClose={() => blocker.reset?.()}
			testId="unsaved-changes-dialog"
		/>
	);
}
