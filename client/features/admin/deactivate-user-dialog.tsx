import type { UserPublic } from "../../../shared/schemas/users.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { useI18n } from "../../i18n/index.tsx";
import { displayName } from "../../lib/display-name.ts";

type Props = {
	user: UserPublic | null;
	pending: boolean;
	onConfirm: (user: UserPublic) => void;
	onClose: () => void;
	onCloseAutoFocus?: (event: Event) => void;
};

/** "Deactivate {name}?" while `user` is set: deactivating signs them out everywhere. */
export function DeactivateUserDialog({ user, pending, onConfirm, onClose, onCloseAutoFocus }: Props) {
	const { LL } = useI18n();
	const t = LL.confirmations.deactivateUser;
	const name = user ? displayName(user) : "";
	return (
		<ConfirmDialog
			open={user !== null}
			title={t.title({ name })}
			text={t.text({ name })}
			confirmLabel={t.confirm()}
			cancelLabel={t.cancel()}
			pending={pending}
			onConfirm={() => (user ? onConfirm(user) : undefined)}
			onClose={onClose}
			onCloseAutoFocus={onCloseAutoFocus}
			testId="deactivate-user-dialog"
		/>
	);
}
