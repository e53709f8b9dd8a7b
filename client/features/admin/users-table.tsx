import { Badge, Flex, Table, Text } from "@radix-ui/themes";
import type { UserPublic } from "../../../shared/schemas/users.ts";
import { useI18n } from "../../i18n/index.tsx";
import { UserActionsMenu } from "./user-actions-menu.tsx";

type Props = {
	users: UserPublic[];
	currentUserId: string | undefined;
	/** The rows are the previous page's while the next one loads. */
	stale: boolean;
	onEdit: (user: UserPublic) => void;
	onToggleActive: (user: UserPublic) => void;
	onDelete: (user: UserPublic) => void;
};

/** Full name, Email, Role, Status, Actions; scrolls sideways inside its box on narrow screens. */
export function UsersTable({ users, currentUserId, stale, onEdit, onToggleActive, onDelete }: Props) {
	const { LL } = useI18n();
	const t = LL.admin;
	return (
		<Table.Root
			variant="surface"
			aria-label={t.tableLabel()}
			data-testid="users-table"
			style={{ whiteSpace: "nowrap" }}
		>
			<Table.Header>
				<Table.Row>
					<Table.ColumnHeaderCell>{t.columns.fullName()}</Table.ColumnHeaderCell>
					<Table.ColumnHeaderCell>{t.columns.email()}</Table.ColumnHeaderCell>
					<Table.ColumnHeaderCell>{t.columns.role()}</Table.ColumnHeaderCell>
					<Table.ColumnHeaderCell>{t.columns.status()}</Table.ColumnHeaderCell>
					<Table.ColumnHeaderCell>{t.columns.actions()}</Table.ColumnHeaderCell>
				</Table.Row>
			</Table.Header>
			<Table.Body
				data-testid="users-table-body"
				aria-busy={stale || undefined}
				style={{ opacity: stale ? 0.5 : 1, transition: "opacity 150ms" }}
			>
				{users.length === 0 ? (
					<Table.Row>
						<Table.Cell colSpan={5}>
							<Text color="gray">{t.empty()}</Text>
						</Table.Cell>
					</Table.Row>
				) : (
					users.map((user) => {
						const isMe = user.id === currentUserId;
						return (
							<Table.Row key={user.id} align="center" data-testid="user-row">
								<Table.RowHeaderCell>
									<Flex gap="2" align="center" wrap="nowrap">
										<Text color={user.full_name ? undefined : "gray"}>{user.full_name || t.noName()}</Text>
										{isMe ? (
											<Badge highContrast color="teal" data-testid="you-badge">
												{t.you()}
											</Badge>
										) : null}
									</Flex>
								</Table.RowHeaderCell>
								<Table.Cell>
									<bdi>{user.email}</bdi>
								</Table.Cell>
								<Table.Cell>{user.is_superuser ? t.superuser() : t.user()}</Table.Cell>
								<Table.Cell>
									<Badge highContrast color={user.is_active ? "green" : "gray"}>
										{user.is_active ? t.active() : t.inactive()}
									</Badge>
								</Table.Cell>
								<Table.Cell>
									<UserActionsMenu
										user={user}
										disabled={isMe}
										onEdit={() => onEdit(user)}
										onToggleActive={() => onToggleActive(user)}
										onDelete={() => onDelete(user)}
									/>
								</Table.Cell>
							</Table.Row>
						);
					})
				)}
			</Table.Body>
		</Table.Root>
	);
}
