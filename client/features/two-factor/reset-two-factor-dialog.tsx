import { AlertDialog, Button, Flex, Spinner } from "@radix-ui/themes";
import { skipToken, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { UserPublic } from "../../../shared/schemas/users.ts";
import { useTRPC } from "../../api/trpc.ts";
import { useI18n } from "../../i18n/index.tsx";
import { displayName } from "../../lib/display-name.ts";
import { notifyMutationError } from "../../lib/error-text.ts";
import { notifySuccess } from "../../lib/toast.ts";

type Props = { user: UserPublic; open: boolean; onClose: () => void; onCloseAutoFocus?: (event: Event) => void };

/**
 * Admin -> a user's Reset two-factor, for someone who lost both their phone and their
 * recovery codes: says whether the user has two-factor on, and turns it off after a
 * confirmation. The user is told by e-mail and signs in with their password alone.
 */
export function ResetTwoFactorDialog({ user, open, onClose, onCloseAutoFocus }: Props) {
	const { LL } = useI18n();
	const t = LL.security.adminReset;
	const trpc = useTRPC();
	const queryClient = useQueryClient();
	const input = { user_id: user.id };
	const status = useQuery(trpc.twoFactor.statusOf.queryOptions(open ? input : skipToken));
	const reset = useMutation(trpc.twoFactor.reset.mutationOptions());
	const name = displayName(user);
	const enabled = status.data?.enabled === true;

	const confirm = async () => {
		try {
			await reset.mutateAsync(input);
			notifySuccess(t.done({ name }));
			onClose();
		} catch (error) {
			notifyMutationError(error, LL);
		}
		await queryClient.invalidateQueries({ queryKey: trpc.twoFactor.statusOf.queryKey(input) });
	};

	let text: React.ReactNode = <Spinner />;
	if (status.isError) text = LL.common.somethingWentWrong();
	else if (status.data) text = enabled ? t.text({ name }) : t.notEnabled({ name });

	return (
		<AlertDialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
			<AlertDialog.Content maxWidth="440px" data-testid="reset-two-factor-dialog" onCloseAutoFocus={onCloseAutoFocus}>
				<AlertDialog.Title style={{ overflowWrap: "anywhere" }}>{t.title()}</AlertDialog.Title>
				<AlertDialog.Description size="2">{text}</AlertDialog.Description>
				<Flex gap="3" mt="4" justify="end" wrap="wrap">
					<AlertDialog.Cancel>
						<Button variant="soft" color="gray">
							{enabled ? t.cancel() : t.close()}
						</Button>
					</AlertDialog.Cancel>
					{enabled ? (
						<Button highContrast color="red" loading={reset.isPending} onClick={() => void confirm()}>
							{t.confirm()}
						</Button>
					) : null}
				</Flex>
			</AlertDialog.Content>
		</AlertDialog.Root>
	);
}
