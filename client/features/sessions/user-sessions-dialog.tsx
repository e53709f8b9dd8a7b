import { Button, Dialog, Flex } from "@radix-ui/themes";
import { skipToken, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { UserPublic } from "../../../shared/schemas/users.ts";
import { useTRPC } from "../../api/trpc.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { useI18n } from "../../i18n/index.tsx";
import { displayName } from "../../lib/display-name.ts";
import { notifyMutationError } from "../../lib/error-text.ts";
import { notifySuccess } from "../../lib/toast.ts";
import { SessionList } from "./session-list.tsx";

type Props = { user: UserPublic; open: boolean; onClose: () => void; onCloseAutoFocus?: (event: Event) => void };

/** Admin -> a user's Sessions: where they are signed in, and Sign out everywhere (after a confirmation). */
export function UserSessionsDialog({ user, open, onClose, onCloseAutoFocus }: Props) {
	const { LL } = useI18n();
	const t = LL.sessions.admin;
	const trpc = useTRPC();
	const queryClient = useQueryClient();
	const sessions = useQuery(trpc.admin.sessions.queryOptions(open ? { user_id: user.id } : skipToken));
	const revokeAll = useMutation(trpc.admin.revokeSessions.mutationOptions());
	const [confirming, setConfirming] = useState(false);
	const name = displayName(user);

	const signOutEverywhere = async () => {
		try {
			await revokeAll.mutateAsync({ user_id: user.id });
			notifySuccess(t.done({ name }));
			setConfirming(false);
		} catch (error) {
			notifyMutationError(error, LL);
		}
		await queryClient.invalidateQueries({ queryKey: trpc.admin.sessions.queryKey({ user_id: user.id }) });
	};

	return (
		<Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
			<Dialog.Content maxWidth="640px" data-testid="user-sessions-dialog" onCloseAutoFocus={onCloseAutoFocus}>
				<Dialog.Title style={{ overflowWrap: "anywhere" }}>{t.title({ name })}</Dialog.Title>
				<Dialog.Description size="2" mb="4" color="gray">
					{t.text()}
				</Dialog.Description>
				<SessionList query={sessions} label={t.title({ name })} emptyText={t.empty()} />
				<Flex gap="3" mt="4" justify="end" wrap="wrap">
					<Dialog.Close>
						<Button variant="soft" color="gray">
							{t.close()}
						</Button>
					</Dialog.Close>
					<Button
						color="red"
						highContrast
						disabled={(sessions.data?.count ?? 0) === 0}
						data-testid="sign-out-everywhere"
						onClick={() => setConfirming(true)}
					>
						{t.signOutEverywhere()}
					</Button>
				</Flex>
				<ConfirmDialog
					open={confirming}
					testId="sign-out-everywhere-dialog"
					title={t.confirmTitle()}
					text={t.confirmText({ name })}
					confirmLabel={t.confirm()}
					cancelLabel={t.cancel()}
					pending={revokeAll.isPending}
					onClose={() => setConfirming(false)}
					onConfirm={() => void signOutEverywhere()}
				/>
			</Dialog.Content>
		</Dialog.Root>
	);
}
