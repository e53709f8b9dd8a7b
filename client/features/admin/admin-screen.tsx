import { Box, Button, Flex, Heading, Text, VisuallyHidden } from "@radix-ui/themes";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { UserPublic } from "../../../shared/schemas/users.ts";
import { useTRPC } from "../../api/trpc.ts";
import { ConnectionLost, waitsForConnection } from "../../components/connection-lost.tsx";
import { RowsSkeleton } from "../../components/loading-skeletons.tsx";
import { useI18n } from "../../i18n/index.tsx";
import { mutationErrorText, notifyMutationError } from "../../lib/error-text.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { notifySuccess } from "../../lib/toast.ts";
import { useCurrentUser } from "../sign-in-state/hooks.ts";
import { AllTokensButton } from "../tokens/all-tokens-button.tsx";
import { AddUserDialog } from "./add-user-dialog.tsx";
import "./admin.css";
import { DeactivateUserDialog } from "./deactivate-user-dialog.tsx";
import { DeleteUserDialog } from "./delete-user-dialog.tsx";
import { EditUserDialog } from "./edit-user-dialog.tsx";
import { CLEAR_FILTERS, isFiltered } from "./list-params.ts";
import { PAGE_SIZE, pageCount } from "./paging.ts";
import { useElementWidth } from "./use-element-width.ts";
import { useListParams, useReloadUsers, useUsersPage } from "./use-users-page.ts";
import type { UserActions } from "./user-actions-menu.tsx";
import { UserCards } from "./user-cards.tsx";
import { UsersPagination } from "./users-pagination.tsx";
import { UsersTable } from "./users-table.tsx";
import { UsersToolbar } from "./users-toolbar.tsx";

/** Below this width (px) of the list's box the users are cards; from the other, the table has its Created column. */
const CARDS_BELOW = 600;
const CREATED_FROM = 760;

/**
 * Users Management: search, filters and sort (all in the URL), the paged list (a table,
 * or cards on a phone), Add User, and per-row edit, (de)activate, invitation and delete.
 */
export function AdminScreen() {
	const { LL } = useI18n();
	usePageTitle(LL.admin.title());
	const trpc = useTRPC();
	const me = useCurrentUser();
	const { params, change, setPage } = useListParams();
	const list = useUsersPage(params);
	const reload = useReloadUsers();
	const update = useMutation(trpc.admin.update.mutationOptions());
	const invite = useMutation(trpc.admin.invite.mutationOptions());
	const [editing, setEditing] = useState<UserPublic | null>(null);
	const [deleting, setDeleting] = useState<UserPublic | null>(null);
	const [revoking, setRevoking] = useState<UserPublic | null>(null);
	const [deactivating, setDeactivating] = useState<UserPublic | null>(null);
	const total = list.data ? pageCount(list.data.count) : 1;
	const lastUserId = useRef<string | null>(null);
	const box = useRef<HTMLDivElement>(null);
	const width = useElementWidth(box);
	const cards = width < CARDS_BELOW;
	const showCreated = width >= CREATED_FROM;

	// The dialogs open from a menu that is gone when they close: focus goes back to that row's
	// actions button, or to Add User when the row went away.
	const restoreFocus = (event: Event) => {
		event.preventDefault();
		const id = lastUserId.current;
		const trigger = id ? document.querySelector<HTMLElement>(`[data-actions-for="${CSS.escape(id)}"]`) : null;
		(trigger ?? document.querySelector<HTMLElement>('[data-testid="add-user"]'))?.focus();
	};

	// After deleting the last user of the last page, show the page that now exists.
	useEffect(() => {
		if (list.data && !list.isPlaceholderData && params.page > total) setPage(total, { replace: true });
	}, [list.data, list.isPlaceholderData, params.page, total, setPage]);

	const run = async (action: () => Promise<unknown>, success: string) => {
		try {
			await action();
			notifySuccess(success);
			await reload();
		} catch (error) {
			notifyMutationError(error, LL);
		}
	};
	const actions: UserActions = {
		onEdit: (user) => {
			lastUserId.current = user.id;
			setEditing(user);
		},
		onDelete: (user) => {
			lastUserId.current = user.id;
			setDeleting(user);
		},
		// Activating is harmless; deactivating signs the user out everywhere: it asks first.
		onToggleActive: (user) => {
			lastUserId.current = user.id;
			if (user.is_active) setDeactivating(user);
			else void run(() => update.mutateAsync({ user_id: user.id, is_active: true }), LL.admin.updated());
		},
		onRevokeInvitation: (user) => {
			lastUserId.current = user.id;
			setRevoking(user);
		},
		onResendInvitation: (user) =>
			void run(() => invite.mutateAsync({ user_id: user.id }), LL.admin.invitationResent({ email: user.email })),
	};

	const users = list.data?.data ?? [];
	const filtered = isFiltered(params);
	const stale = list.isPlaceholderData;

	return (
		<Flex direction="column" gap="4" ref={box}>
			<Flex justify="between" align="center" gap="3" wrap="wrap">
				<Heading as="h1" size="6">
					{LL.admin.title()}
				</Heading>
				<Flex gap="3" wrap="wrap">
					<AllTokensButton />
					<AddUserDialog />
				</Flex>
			</Flex>
			<UsersToolbar params={params} change={change} showSort={cards || !showCreated} />
			<Text size="2" color="gray" aria-live="polite" data-testid="result-count">
				{list.data ? LL.admin.resultCount({ count: list.data.count }) : null}
			</Text>
			{waitsForConnection(list) ? (
				<ConnectionLost />
			) : list.isPending ? (
				<div role="status" aria-busy="true">
					<VisuallyHidden>{LL.admin.loading()}</VisuallyHidden>
					<RowsSkeleton rows={PAGE_SIZE} testId="users-skeleton" />
				</div>
			) : list.isError && !list.data ? (
				<Text color="red" role="alert">
					{mutationErrorText(list.error, LL)}
				</Text>
			) : users.length === 0 && filtered ? (
				<Flex direction="column" align="center" gap="2" py="6" data-testid="no-match">
					<Heading as="h2" size="4">
						{LL.admin.noMatch()}
					</Heading>
					<Text color="gray">{LL.admin.noMatchHint()}</Text>
					<Button variant="soft" highContrast onClick={() => change(CLEAR_FILTERS)} data-testid="clear-filters">
						{LL.admin.clearFilters()}
					</Button>
				</Flex>
			) : users.length === 0 ? (
				<Text color="gray">{LL.admin.empty()}</Text>
			) : cards ? (
				<UserCards users={users} currentUserId={me.data?.id} stale={stale} actions={actions} />
			) : (
				<Box>
					<UsersTable
						users={users}
						currentUserId={me.data?.id}
						stale={stale}
						sort={params.sort}
						onSort={(sort) => change({ sort })}
						showCreated={showCreated}
						actions={actions}
					/>
				</Box>
			)}
			<UsersPagination page={params.page} total={total} onPage={setPage} />
			<EditUserDialog user={editing} onClose={() => setEditing(null)} onCloseAutoFocus={restoreFocus} />
			<DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} onCloseAutoFocus={restoreFocus} />
			<DeleteUserDialog user={revoking} revoke onClose={() => setRevoking(null)} onCloseAutoFocus={restoreFocus} />
			<DeactivateUserDialog
				user={deactivating}
				pending={update.isPending}
				onConfirm={(user) =>
					void run(() => update.mutateAsync({ user_id: user.id, is_active: false }), LL.admin.updated()).finally(() =>
						setDeactivating(null),
					)
				}
				onClose={() => setDeactivating(null)}
				onCloseAutoFocus={restoreFocus}
			/>
		</Flex>
	);
}
