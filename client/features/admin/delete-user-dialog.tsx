import { AlertDialog, Button, Flex } from "@radix-ui/themes";
import { useMutation } from "@tanstack/react-query";
import type { UserPublic } from "../../../shared/schemas/users.ts";
import { useI18n } from "../../i18n/index.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import { deleteConfirmText } from "./display-name.ts";
import { useUserChange } from "./use-user-change.ts";

type Props = { user: UserPublic | null; onClose: () => void; onCloseAutoFocus?: (event: Event) => void };

/** The delete confirmation, open while `user` is set. */
export function DeleteUserDialog({ user, onClose, onCloseAutoFocus }: Props) {
	const { LL } = useI18n();
	const t = LL.admin.deleteDialog;
	const trpc = useTRPC();
	const remove = useMutation(trpc.admin.delete.mutationOptions());
	const change = useUserChange(LL.admin.deleted, onClose);
	const confirm = () => (user ? change(() => remove.mutateAsync({ user_id: user.id })) : undefined);

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
