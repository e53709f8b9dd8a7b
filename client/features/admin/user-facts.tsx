import { Badge, Flex, Text } from "@radix-ui/themes";
import type { UserPublic } from "../../../shared/schemas/users.ts";
import { useI18n } from "../../i18n/index.tsx";
import { localDate, localDateTime } from "../../lib/locale-format.ts";
import { VerifiedIcon } from "./admin-icons.tsx";
import { TruncatedText } from "./truncated-text.tsx";

/** What the table's cells and the phone cards show alike. */
type Props = { user: UserPublic };

/** The e-mail (cut when long), with the verified mark when its owner proved it. */
export function UserEmail({ user }: Props) {
	const { LL } = useI18n();
	return (
		<Flex gap="1" align="center" wrap="nowrap" minWidth="0">
			<TruncatedText text={user.email} className="truncated-ltr" />
			{user.email_verified ? <VerifiedIcon label={LL.admin.verified()} /> : null}
		</Flex>
	);
}

/** The day the account was made, in the UI language; the exact time (the viewer's time zone) on hover. */
export function CreatedDate({ user }: Props) {
	const { locale } = useI18n();
	return (
		<time dateTime={user.created_at} title={localDateTime(user.created_at, locale)} className="no-wrap">
			{localDate(user.created_at, locale)}
		</time>
	);
}

export function RoleText({ user }: Props) {
	const { LL } = useI18n();
	return <Text className="no-wrap">{user.is_superuser ? LL.admin.superuser() : LL.admin.user()}</Text>;
}

/** Active, Inactive, or Invited: active but no password chosen yet (the admin list says so). */
export function StatusBadge({ user }: { user: UserPublic & { invited?: boolean } }) {
	const { LL } = useI18n();
	if (!user.is_active)
		return (
			<Badge highContrast color="gray">
				{LL.admin.inactive()}
			</Badge>
		);
	return user.invited ? (
		<Badge highContrast color="amber">
			{LL.admin.invitedStatus()}
		</Badge>
	) : (
		<Badge highContrast color="green">
			{LL.admin.active()}
		</Badge>
	);
}
