import { Badge, Flex, Table, Text } from "@radix-ui/themes";
import type { UserSort } from "../../../shared/schemas/user-list.ts";
import type { UserPublic } from "../../../shared/schemas/users.ts";
import { useI18n } from "../../i18n/index.tsx";
import { SortIcon } from "./admin-icons.tsx";
import { ariaSort, nextSort } from "./list-params.ts";
import { TruncatedText } from "./truncated-text.tsx";
import { type UserActions, UserActionsMenu } from "./user-actions-menu.tsx";
import { CreatedDate, RoleText, StatusBadge, UserEmail } from "./user-facts.tsx";

type SortableColumn = "full_name" | "email" | "created_at";

type Props = {
	users: UserPublic[];
	currentUserId: string | undefined;
	/** The rows are the previous page's while the next one loads. */
	stale: boolean;
	sort: UserSort;
	onSort: (sort: UserSort) => void;
	/** The Created column, when there is room for it. */
	showCreated: boolean;
	actions: UserActions;
};

/**
 * Full name, Email, Created, Role, Status, Actions, in a table as wide as its box: the
 * name and e-mail columns share what the others leave and cut long texts, so Actions is
 * always in view. Name, e-mail and creation date sort from their headers.
 */
export function UsersTable({ users, currentUserId, stale, sort, onSort, showCreated, actions }: Props) {
	const { LL } = useI18n();
	const t = LL.admin;
	const header = (column: SortableColumn, label: string) => (
		<Table.ColumnHeaderCell aria-sort={ariaSort(sort, column)}>
			<button type="button" className="sort-button" onClick={() => onSort(nextSort(sort, column))}>
				<span className="sort-label">{label}</span>
				<SortIcon direction={ariaSort(sort, column)} />
			</button>
		</Table.ColumnHeaderCell>
	);
	return (
		<Table.Root variant="surface" aria-label={t.tableLabel()} data-testid="users-table" className="users-table">
			<colgroup>
				<col />
				<col />
				{showCreated ? <col className="users-table-created" /> : null}
				<col className="users-table-role" />
				<col className="users-table-status" />
				<col className="users-table-actions" />
			</colgroup>
			<Table.Header>
				<Table.Row>
					{header("full_name", t.columns.fullName())}
					{header("email", t.columns.email())}
					{showCreated ? header("created_at", t.columns.created()) : null}
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
				{users.map((user) => {
					const isMe = user.id === currentUserId;
					return (
						<Table.Row key={user.id} align="center" data-testid="user-row">
							<Table.RowHeaderCell>
								<Flex gap="2" align="center" wrap="nowrap" minWidth="0">
									{user.full_name ? <TruncatedText text={user.full_name} /> : <Text color="gray">{t.noName()}</Text>}
									{isMe ? (
										<Badge highContrast color="teal" data-testid="you-badge" className="no-shrink">
											{t.you()}
										</Badge>
									) : null}
								</Flex>
							</Table.RowHeaderCell>
							<Table.Cell>
								<UserEmail user={user} />
							</Table.Cell>
							{showCreated ? (
								<Table.Cell>
									<CreatedDate user={user} />
								</Table.Cell>
							) : null}
							<Table.Cell>
								<RoleText user={user} />
							</Table.Cell>
							<Table.Cell>
								<StatusBadge user={user} />
							</Table.Cell>
							<Table.Cell>
								<UserActionsMenu user={user} disabled={isMe} actions={actions} />
							</Table.Cell>
						</Table.Row>
					);
				})}
			</Table.Body>
		</Table.Root>
	);
}
