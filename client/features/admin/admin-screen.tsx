import { Box, Flex, Heading, Spinner, Text } from "@radix-ui/themes";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { UserPublic } from "../../../shared/schemas/users.ts";
import { useI18n } from "../../i18n/index.tsx";
import { mutationErrorText, notifyMutationError } from "../../lib/error-text.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { notifySuccess } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { useCurrentUser } from "../session/hooks.ts";
import { AddUserDialog } from "./add-user-dialog.tsx";
import { DeleteUserDialog } from "./delete-user-dialog.tsx";
import { EditUserDialog } from "./edit-user-dialog.tsx";
import { pageCount } from "./paging.ts";
import { usePageParam, useReloadUsers, useUsersPage } from "./use-users-page.ts";
import { UsersPagination } from "./users-pagination.tsx";
import { UsersTable } from "./users-table.tsx";

/** Users Management: the paged users table, Add User, and per-row edit, (de)activate and delete. */
export function AdminScreen() {
	const { LL } = useI18n();
	usePageTitle(LL.admin.title());
	const trpc = useTRPC();
	const me = useCurrentUser();
	const [page, setPage] = usePageParam();
	const list = useUsersPage(page);
	const reload = useReloadUsers();
	const update = useMutation(trpc.admin.update.mutationOptions());
	const [editing, setEditing] = useState<UserPublic | null>(null);
	const [deleting, setDeleting] = useState<UserPublic | null>(null);
	const total = list.data ? pageCount(list.data.count) : 1;
	const lastUserId = useRef<string | null>(null);

	// The dialogs open from a menu that is gone when they close: focus goes back to that row's
	// actions button, or to Add User when the row went away.
	const restoreFocus = (event: Event) => {
		event.preventDefault();
		const id = lastUserId.current;
		const trigger = id ? document.querySelector<HTMLElement>(`[data-actions-for="${CSS.escape(id)}"]`) : null;
		(trigger ?? document.querySelector<HTMLElement>('[data-testid="add-user"]'))?.focus();
	};
	const edit = (user: UserPublic) => {
		lastUserId.current = user.id;
		setEditing(user);
	};
	const askDelete = (user: UserPublic) => {
		lastUserId.current = user.id;
		setDeleting(user);
	};

	// After deleting the last user of the last page, show the page that now exists.
	useEffect(() => {
		if (list.data && !list.isPlaceholderData && page > total) setPage(total, { replace: true });
	}, [list.data, list.isPlaceholderData, page, total, setPage]);

	const toggleActive = async (user: UserPublic) => {
		try {
			await update.mutateAsync({ user_id: user.id, is_active: !user.is_active });
			notifySuccess(LL.admin.updated());
			await reload();
		} catch (error) {
			notifyMutationError(error, LL);
		}
	};

	return (
		<Flex direction="column" gap="4">
			<Flex justify="between" align="center" gap="3" wrap="wrap">
				<Heading as="h1" size="6">
					{LL.admin.title()}
				</Heading>
				<AddUserDialog />
			</Flex>
			{list.isPending ? (
				<Flex gap="2" align="center">
					<Spinner />
					<Text>{LL.admin.loading()}</Text>
				</Flex>
			) : list.isError && !list.data ? (
				<Text color="red" role="alert">
					{mutationErrorText(list.error, LL)}
				</Text>
			) : (
				<Box>
					<UsersTable
						users={list.data?.data ?? []}
						currentUserId={me.data?.id}
						stale={list.isPlaceholderData}
						onEdit={edit}
						onToggleActive={(user) => void toggleActive(user)}
						onDelete={askDelete}
					/>
				</Box>
			)}
			<UsersPagination page={page} total={total} onPage={setPage} />
			<EditUserDialog user={editing} onClose={() => setEditing(null)} onCloseAutoFocus={restoreFocus} />
			<DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} onCloseAutoFocus={restoreFocus} />
		</Flex>
	);
}
