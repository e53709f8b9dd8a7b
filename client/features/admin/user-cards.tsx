import { Badge, Card, Flex, Text } from "@radix-ui/themes";
import type { UserPublic } from "../../../shared/schemas/users.ts";
import { useI18n } from "../../i18n/index.tsx";
import { TruncatedText } from "./truncated-text.tsx";
import { type UserActions, UserActionsMenu } from "./user-actions-menu.tsx";
import { CreatedDate, RoleText, StatusBadge, UserEmail } from "./user-facts.tsx";

type Props = {
	users: UserPublic[];
	currentUserId: string | undefined;
	stale: boolean;
	actions: UserActions;
};

/** The users on a phone: one card each, everything the table says, stacked, with the actions at the top. */
export function UserCards({ users, currentUserId, stale, actions }: Props) {
	const { LL } = useI18n();
	const t = LL.admin;
	return (
		<ul
			className="user-cards"
			aria-label={t.tableLabel()}
			data-testid="users-table-body"
			aria-busy={stale || undefined}
			style={{ opacity: stale ? 0.5 : 1, transition: "opacity 150ms" }}
		>
			{users.map((user) => {
				const isMe = user.id === currentUserId;
				return (
					<li key={user.id} data-testid="user-row">
						<Card size="2">
							<Flex direction="column" gap="2">
								<Flex gap="2" align="center" justify="between">
									<Flex gap="2" align="center" minWidth="0">
										{user.full_name ? (
											<Text weight="bold" className="min-width-0">
												<TruncatedText text={user.full_name} />
											</Text>
										) : (
											<Text color="gray">{t.noName()}</Text>
										)}
										{isMe ? (
											<Badge highContrast color="teal" data-testid="you-badge" className="no-shrink">
												{t.you()}
											</Badge>
										) : null}
									</Flex>
									<UserActionsMenu user={user} disabled={isMe} actions={actions} />
								</Flex>
								<Text size="2" className="min-width-0">
									<UserEmail user={user} />
								</Text>
								<Flex gap="3" align="center" wrap="wrap">
									<Text size="2" color="gray">
										<RoleText user={user} />
									</Text>
									<StatusBadge user={user} />
									<Text size="2" color="gray">
										<CreatedDate user={user} />
									</Text>
								</Flex>
							</Flex>
						</Card>
					</li>
				);
			})}
		</ul>
	);
}
