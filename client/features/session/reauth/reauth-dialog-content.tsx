import { Dialog } from "@radix-ui/themes";
import { useI18n } from "../../../i18n/index.tsx";
import { PasswordMethod } from "./password-method.tsx";
import type { ReauthMethodProps } from "./reauth-method.ts";

/** The open dialog: its title, then the method's form (the password today). */
export default function ReauthDialogContent({ onConfirmed, onCancel }: ReauthMethodProps) {
	const { LL } = useI18n();
	return (
		<Dialog.Root open onOpenChange={(open) => (open ? undefined : onCancel())}>
			<Dialog.Content maxWidth="420px" data-testid="reauth-dialog">
				<Dialog.Title>{LL.reauth.title()}</Dialog.Title>
				<PasswordMethod onConfirmed={onConfirmed} onCancel={onCancel} />
			</Dialog.Content>
		</Dialog.Root>
	);
}
