import { Button, Checkbox, Dialog, Flex, Text } from "@radix-ui/themes";
import { skipToken, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { TokenPublic } from "../../../shared/schemas/tokens.ts";
import type { UserPublic } from "../../../shared/schemas/users.ts";
import { useTRPC } from "../../api/trpc.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { useI18n } from "../../i18n/index.tsx";
import { displayName } from "../../lib/display-name.ts";
import { notifyMutationError } from "../../lib/error-text.ts";
import { notifySuccess } from "../../lib/toast.ts";
import { TokenRow } from "./token-row.tsx";

type Props = {
	/** One user's tokens; without it, every live token, with filters. */
	user?: UserPublic;
	open: boolean;
	onClose: () => void;
	onCloseAutoFocus?: (event: Event) => void;
};

/** Admin -> a user's Tokens, or every token: who holds what, last use, end; Revoke after a confirmation. */
export function AdminTokensDialog({ user, open, onClose, onCloseAutoFocus }: Props) {
	const { LL } = useI18n();
	const t = LL.sessions.tokens;
	const trpc = useTRPC();
	const queryClient = useQueryClient();
	const [unused, setUnused] = useState(false);
	const [ending, setEnding] = useState(false);
	const filters = { ...(unused && { unused_days: 30 }), ...(ending && { expires_within_days: 7 }) };
	const ofUser = useQuery(trpc.tokens.listOfUser.queryOptions(open && user ? { user_id: user.id } : skipToken));
	const all = useQuery(trpc.tokens.listAll.queryOptions(open && !user ? filters : skipToken));
	const list = user ? ofUser : all;
	const revoke = useMutation(trpc.tokens.revokeOfUser.mutationOptions());
	const [revoking, setRevoking] = useState<TokenPublic | null>(null);
	const now = Date.now();
	const title = user ? t.adminUserTitle({ name: displayName(user) }) : t.adminAllTitle();

	const confirmRevoke = async () => {
		if (!revoking) return;
		try {
			await revoke.mutateAsync({ user_id: revoking.user_id, token_id: revoking.id });
			notifySuccess(t.revoked());
			setRevoking(null);
		} catch (error) {
			notifyMutationError(error, LL);
		}
		await queryClient.invalidateQueries({ queryKey: trpc.tokens.pathKey() });
	};

	return (
		<Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
			<Dialog.Content maxWidth="720px" data-testid="admin-tokens-dialog" onCloseAutoFocus={onCloseAutoFocus}>
				<Dialog.Title style={{ overflowWrap: "anywhere" }}>{title}</Dialog.Title>
				<Dialog.Description size="2" mb="4" color="gray">
					{t.adminText()}
				</Dialog.Description>
				{user ? null : (
					<Flex gap="4" mb="3" wrap="wrap">
						<Text as="label" size="2">
							<Flex gap="2" align="center">
								<Checkbox checked={unused} onCheckedChange={(on) => setUnused(on === true)} />
								{t.filterUnused()}
							</Flex>
						</Text>
						<Text as="label" size="2">
							<Flex gap="2" align="center">
								<Checkbox checked={ending} onCheckedChange={(on) => setEnding(on === true)} />
								{t.filterEnding()}
							</Flex>
						</Text>
					</Flex>
				)}
				<Flex direction="column" gap="2" asChild>
					<ul aria-label={title} style={{ listStyle: "none", padding: 0, margin: 0 }}>
						{list.data?.count === 0 ? (
							<Text as="p" size="2" color="gray">
								{t.empty()}
							</Text>
						) : null}
						{list.data?.data.map((token) => (
							<TokenRow
								key={token.id}
								token={token}
								now={now}
								testIdPrefix="admin-token"
								owner={user ? undefined : token.user_email}
								onRevoke={setRevoking}
							/>
						))}
					</ul>
				</Flex>
				<Flex gap="3" mt="4" justify="end">
					<Dialog.Close>
						<Button variant="soft" color="gray">
							{LL.common.close()}
						</Button>
					</Dialog.Close>
				</Flex>
				<ConfirmDialog
					open={revoking !== null}
					testId="admin-token-revoke-dialog"
					title={t.revokeDialog.title()}
					text={t.revokeDialog.text({ name: revoking?.name ?? "" })}
					confirmLabel={t.revoke()}
					cancelLabel={LL.common.cancel()}
					pending={revoke.isPending}
					onClose={() => setRevoking(null)}
					onConfirm={() => void confirmRevoke()}
				/>
			</Dialog.Content>
		</Dialog.Root>
	);
}
