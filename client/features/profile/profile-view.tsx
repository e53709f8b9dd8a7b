import { Avatar, Button, DataList, Flex, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import type { Profile } from "../../../shared/schemas/profile.ts";
import type { UserPublic } from "../../../shared/schemas/users.ts";
import { useI18n } from "../../i18n/index.tsx";
import { formatNumber } from "../../lib/locale-format.ts";
import { genderLabel } from "./gender-options.ts";

type Props = { user: UserPublic; profile: Profile | undefined; onEdit: () => void };

/** The read-only profile with its Edit Profile button. */
export function ProfileView({ user, profile, onEdit }: Props) {
	const { LL, locale } = useI18n();
	const t = LL.settings.profile;
	// 168.5 reads "168,5" in French; the unit is in the label.
	const number = (value: number | null | undefined) =>
		value === null || value === undefined ? null : formatNumber(value, locale, { maximumFractionDigits: 1 });
	const notSet = (
		<Text color="gray" size="2">
			{t.notSet()}
		</Text>
	);
	const show = (value: ReactNode) => (value === null || value === undefined || value === "" ? notSet : value);
	const rows: [string, string, ReactNode][] = [
		["full-name", t.fullName(), show(user.full_name)],
		["email", t.email(), user.email],
		["age", t.age(), show(number(profile?.age))],
		["gender", t.gender(), profile?.gender ? genderLabel(profile.gender, LL) : notSet],
		["height", t.height(), show(number(profile?.height_cm))],
		["weight", t.weight(), show(number(profile?.current_weight_kg))],
		["phone", t.phone(), profile?.phone ? <bdi key="phone">{profile.phone}</bdi> : notSet],
	];
	const image = profile?.profile_image_url;
	return (
		<Flex direction="column" gap="4" data-testid="profile-view">
			<Flex gap="3" align="center">
				<Avatar
					size="6"
					radius="full"
					src={image || undefined}
					fallback={(user.full_name || user.email).charAt(0).toUpperCase()}
					alt={image ? LL.settings.image.alt() : undefined}
					data-testid="profile-view-image"
				/>
				{image ? null : (
					<Text size="2" color="gray">
						{LL.settings.image.none()}
					</Text>
				)}
			</Flex>
			<DataList.Root orientation={{ initial: "vertical", sm: "horizontal" }}>
				{rows.map(([key, label, value]) => (
					<DataList.Item key={key}>
						<DataList.Label minWidth="140px">{label}</DataList.Label>
						<DataList.Value data-testid={`profile-${key}`}>{value}</DataList.Value>
					</DataList.Item>
				))}
			</DataList.Root>
			<Flex>
				<Button onClick={onEdit}>{t.edit()}</Button>
			</Flex>
		</Flex>
	);
}
