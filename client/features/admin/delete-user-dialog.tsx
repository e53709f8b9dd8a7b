import { AlertDialog, Button, Flex } from "@radix-ui/themes";
import { useMutation } from "@tanstack/react-query";
import type { UserPublic } from "../../../shared/schemas/users.ts";
import { useI18n } from "../../i18n/index.tsx";
import { notifyMutationError } from "../../lib/error-text.ts";
import { notifySuccess } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { deleteConfirmText } from "./display-name.ts";
import { useReloadUsers } from "./use-users-page.ts";

type Props = { user: UserPublic | null; onClose: () => void; onCloseAutoFocus?: (event: Event) => void };

/** The delete confirmation, open while `user` is set. */
export function DeleteUserDialog({ user, onClose, onCloseAutoFocus }: Props) {
	const { LL } = useI18n();
	const t = LL.admin.deleteDialog;
	const trpc = useTRPC();
	const reload = useReloadUsers();
	const remove = useMutation(trpc.admin.delete.mutationOptions());

	const confirm = async () => {
		if (!user) return;
		try {
			await remove.mutateAsync({ user_id: user.id });
			notifySuccess(LL.admin.deleted());
			onClose();
			await reload();
		} catch (error) {
			notifyMutationError(error, LL);
		}
	};

	return (
		<AlertDialog.Root open={user !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
			<AlertDialog.Content maxWidth="440px" onCloseAutoFocus={onCloseAutoFocus}>
				<AlertDialog.Title>{t.title()}</AlertDialog.Title>
				<AlertDialog.Description size="2">{user ? deleteConfirmText(user, t.text) : null}</AlertDialog.Description>
				<Flex gap="3" mt="4" justify="end">
					<AlertDialog.Cancel>
						<Button variant="soft" color="gray">
							{t.cancel()}
						</Button>
					</AlertDialog.Cancel>
					<Button highContrast color="red" loading={remove.isPending} onClick={() => void confirm()}>
						{t.confirm()}
					</Button>
				</Flex>
			</AlertDialog.Content>
		</AlertDialog.Root>
	);
}
