import { Button, Callout, Dialog, Flex, Spinner, Text } from "@radix-ui/themes";
import { skipToken, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { isolate } from "../../../shared/i18n/direction.ts";
import type { IdentityPublic } from "../../../shared/schemas/identities.ts";
import type { UserPublic } from "../../../shared/schemas/users.ts";
import { useTRPC } from "../../api/trpc.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { useI18n } from "../../i18n/index.tsx";
import { displayName } from "../../lib/display-name.ts";
import { notifyMutationError, reasonOf } from "../../lib/error-text.ts";
import { notifySuccess } from "../../lib/toast.ts";
import { IdentityRow } from "./identity-row.tsx";

type Props = { user: UserPublic; open: boolean; onClose: () => void; onCloseAutoFocus?: (event: Event) => void };

/**
 * Admin -> a user's sign-in methods: the providers linked to the account, each with Unlink
 * after a confirmation; never the account's last way in (409, said in words).
 */
export function AdminIdentitiesDialog({ user, open, onClose, onCloseAutoFocus }: Props) {
	const { LL } = useI18n();
	const t = LL.signInMethods.admin;
	const trpc = useTRPC();
	const queryClient = useQueryClient();
	const list = useQuery(trpc.admin.identities.queryOptions(open ? { user_id: user.id } : skipToken));
	const unlink = useMutation(trpc.admin.unlinkIdentity.mutationOptions());
	// The identity stays named while its confirmation closes (the text must not vanish mid-animation).
	const [chosen, setChosen] = useState<IdentityPublic | null>(null);
	const [confirming, setConfirming] = useState(false);
	const [lastMethod, setLastMethod] = useState(false);
	const name = displayName(user);
	const title = t.userTitle({ name: isolate(name) });

	const confirmed = async () => {
		const identity = chosen;
		setConfirming(false);
		if (!identity) return;
		try {
			await unlink.mutateAsync({ user_id: user.id, identity_id: identity.id });
			notifySuccess(t.userUnlinked({ name: isolate(identity.provider_name) }));
		} catch (error) {
			if (reasonOf(error) === "LAST_SIGN_IN_METHOD") setLastMethod(true);
			else notifyMutationError(error, LL);
		}
		await queryClient.invalidateQueries({ queryKey: trpc.admin.identities.queryKey({ user_id: user.id }) });
	};

	let body: React.ReactNode = <Spinner />;
	if (list.isError) body = <Text color="red">{LL.common.somethingWentWrong()}</Text>;
	else if (list.data?.count === 0)
		body = (
			<Text as="p" size="2" color="gray" data-testid="admin-identities-empty">
				{t.userEmpty()}
			</Text>
		);
	else if (list.data)
		body = (
			<Flex asChild direction="column" gap="2" m="0" p="0" style={{ listStyle: "none" }}>
				<ul aria-label={title}>
					{list.data.data.map((identity) => (
						<IdentityRow
							key={identity.id}
							identity={identity}
							onUnlink={(one) => {
								setLastMethod(false);
								setChosen(one);
								setConfirming(true);
							}}
						/>
					))}
				</ul>
			</Flex>
		);

	return (
		<Dialog.Root
			open={open}
			onOpenChange={(next) => {
				if (next) return;
				setLastMethod(false);
				onClose();
			}}
		>
			<Dialog.Content maxWidth="640px" data-testid="admin-identities-dialog" onCloseAutoFocus={onCloseAutoFocus}>
				<Dialog.Title style={{ overflowWrap: "anywhere" }}>{title}</Dialog.Title>
				<Dialog.Description size="2" mb="4" color="gray">
					{t.userText()}
				</Dialog.Description>
				<Flex direction="column" gap="3">
					{body}
					{lastMethod ? (
						<Callout.Root color="amber" highContrast role="alert" data-testid="admin-last-method">
							<Callout.Text>{t.userLastMethod()}</Callout.Text>
						</Callout.Root>
					) : null}
				</Flex>
				<Flex justify="end" mt="4">
					<Dialog.Close>
						<Button variant="soft" color="gray">
							{LL.common.close()}
						</Button>
					</Dialog.Close>
				</Flex>
				<ConfirmDialog
					open={confirming}
					testId="admin-unlink-identity-dialog"
					title={LL.signInMethods.unlinkTitle({ name: isolate(chosen?.provider_name ?? "") })}
					text={t.userUnlinkText({
						user: isolate(name),
						name: isolate(chosen?.provider_name ?? ""),
						email: isolate(chosen?.email_at_link ?? "-"),
					})}
					confirmLabel={LL.signInMethods.unlink()}
					cancelLabel={LL.common.cancel()}
					pending={unlink.isPending}
					onClose={() => setConfirming(false)}
					onConfirm={() => void confirmed()}
				/>
			</Dialog.Content>
		</Dialog.Root>
	);
}
