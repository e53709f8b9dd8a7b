import { Button, Flex, Heading, Separator, Text } from "@radix-ui/themes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import type { SessionPublic } from "../../../shared/schemas/sessions.ts";
import { useTRPC } from "../../api/trpc.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { useI18n } from "../../i18n/index.tsx";
import { notifyMutationError } from "../../lib/error-text.ts";
import { notifySuccess } from "../../lib/toast.ts";
import { deviceText } from "./device-text.ts";
import { RecentActivity } from "./recent-activity.tsx";
import { SessionList } from "./session-list.tsx";

/**
 * Settings -> Sessions: the devices signed in to the account, Revoke on each other one,
 * Sign out of all other sessions, and below them the recent security activity.
 */
export function SessionsPanel() {
	const { LL } = useI18n();
	const t = LL.sessions;
	const trpc = useTRPC();
	const queryClient = useQueryClient();
	const sessions = useQuery(trpc.sessions.list.queryOptions());
	const revoke = useMutation(trpc.sessions.revoke.mutationOptions());
	const revokeOthers = useMutation(trpc.sessions.revokeOthers.mutationOptions());
	// The session stays named while its dialog closes (the text must not vanish mid-animation).
	const [revoking, setRevoking] = useState<SessionPublic | null>(null);
	const [revokeOpen, setRevokeOpen] = useState(false);
	const [confirmingOthers, setConfirmingOthers] = useState(false);
	// Where focus goes when a dialog closes: its trigger if it is still there, else the heading.
	const trigger = useRef<HTMLElement | null>(null);
	const heading = useRef<HTMLHeadingElement>(null);
	const restoreFocus = (event: Event) => {
		event.preventDefault();
		const target = trigger.current?.isConnected ? trigger.current : heading.current;
		target?.focus();
	};

	const refresh = () =>
		Promise.all([
			queryClient.invalidateQueries({ queryKey: trpc.sessions.list.queryKey() }),
			queryClient.invalidateQueries({ queryKey: trpc.users.audit.pathKey() }),
		]);
	const run = async (change: () => Promise<unknown>, done: string, close: () => void) => {
		try {
			await change();
			trigger.current = null;
			notifySuccess(done);
			close();
		} catch (error) {
			notifyMutationError(error, LL);
		}
		await refresh();
	};

	const others = sessions.data?.data.filter((session) => !session.current).length ?? 0;
	const revokingText = revoking ? (deviceText(LL, revoking) ?? t.unknownDevice()) : "";

	return (
		<Flex direction="column" gap="5" maxWidth="720px">
			<Flex direction="column" gap="3">
				<Heading as="h2" size="4" ref={heading} tabIndex={-1} style={{ outline: "none" }}>
					{t.heading()}
				</Heading>
				<Text size="2" color="gray">
					{t.intro()}
				</Text>
				<SessionList
					query={sessions}
					label={t.listLabel()}
					emptyText={t.empty()}
					onRevoke={(session, button) => {
						trigger.current = button;
						setRevoking(session);
						setRevokeOpen(true);
					}}
				/>
				{others > 0 ? (
					<Flex>
						<Button
							variant="outline"
							color="red"
							data-testid="revoke-other-sessions"
							onClick={(event) => {
								trigger.current = event.currentTarget;
								setConfirmingOthers(true);
							}}
						>
							{t.revokeOthers()}
						</Button>
					</Flex>
				) : null}
			</Flex>
			<Separator size="4" />
			<RecentActivity />
			<ConfirmDialog
				open={revokeOpen}
				testId="revoke-session-dialog"
				title={t.revokeDialog.title()}
				text={t.revokeDialog.text({ device: revokingText })}
				confirmLabel={t.revokeDialog.confirm()}
				cancelLabel={t.revokeDialog.cancel()}
				pending={revoke.isPending}
				onClose={() => setRevokeOpen(false)}
				onCloseAutoFocus={restoreFocus}
				onConfirm={() => {
					if (revoking)
						void run(
							() => revoke.mutateAsync({ session_id: revoking.id }),
							t.revoked(),
							() => setRevokeOpen(false),
						);
				}}
			/>
			<ConfirmDialog
				open={confirmingOthers}
				testId="revoke-others-dialog"
				title={t.revokeOthersDialog.title()}
				text={t.revokeOthersDialog.text()}
				confirmLabel={t.revokeOthersDialog.confirm()}
				cancelLabel={t.revokeOthersDialog.cancel()}
				pending={revokeOthers.isPending}
				onClose={() => setConfirmingOthers(false)}
				onCloseAutoFocus={restoreFocus}
				onConfirm={() =>
					void run(
						() => revokeOthers.mutateAsync(),
						t.othersRevoked(),
						() => setConfirmingOthers(false),
					)
				}
			/>
		</Flex>
	);
}
