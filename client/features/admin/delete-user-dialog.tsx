import { AlertDialog, Button, Flex } from "@radix-ui/themes";
import { useMutation } from "@tanstack/react-query";
import type { UserPublic } from "../../../shared/schemas/users.ts";
import { useTRPC } from "../../api/trpc.ts";
import { useI18n } from "../../i18n/index.tsx";
import { deleteConfirmText } from "./display-name.ts";
import { useUserChange } from "./use-user-change.ts";

type Props = {
	user: UserPublic | null;
	/** Revoke the user's pending invitation (which removes the account) rather than delete a user. */
	revoke?: boolean;
	onClose: () => void;
	onCloseAutoFocus?: (event: Event) => void;
};

/** The delete confirmation (or the revoke-invitation one), open while `user` is set. */
export function DeleteUserDialog({ user, revoke = false, onClose, onCloseAutoFocus }: Props) {
	const { LL } = useI18n();
	const trpc = useTRPC();
	const remove = useMutation(trpc.admin.delete.mutationOptions());
	const revokeInvitation = useMutation(trpc.admin.revokeInvitation.mutationOptions());
	const email = user?.email ?? "";
	const change = useUserChange(revoke ? () => LL.admin.invitationRevoked({ email }) : LL.admin.deleted, onClose);
	const confirm = () =>
		user ? change(() => (revoke ? revokeInvitation : remove).mutateAsync({ user_id: user.id })) : undefined;
	const t = revoke
		? { ...LL.admin.revokeDialog, text: () => LL.admin.revokeDialog.text({ email }) }
		: { ...LL.admin.deleteDialog, text: () => (user ? deleteConfirmText(user, LL.admin.deleteDialog.text) : null) };

	return (
		<AlertDialog.Root open={user !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
			<AlertDialog.Content maxWidth="440px" onCloseAutoFocus={onCloseAutoFocus}>
				<AlertDialog.Title>{t.title()}</AlertDialog.Title>
				<AlertDialog.Description size="2">{user ? t.text() : null}</AlertDialog.Description>
				<Flex gap="3" mt="4" justify="end">
					<AlertDialog.Cancel>
						<Button variant="soft" color="gray">
							{t.cancel()}
						</Button>
					</AlertDialog.Cancel>
					<Button
						highContrast
						color="red"
						loading={remove.isPending || revokeInvitation.isPending}
						onClick={() => void confirm()}
					>
						{t.confirm()}
					</Button>
				</Flex>
			</AlertDialog.Content>
		</AlertDialog.Root>
	);
}
