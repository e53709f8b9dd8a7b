import { Flex, Heading, Spinner, Text } from "@radix-ui/themes";
import { useState } from "react";
import { useI18n } from "../../i18n/index.tsx";
import { useCurrentUser } from "../sign-in-state/hooks.ts";
import { ProfileForm } from "./profile-form.tsx";
import { ProfileView } from "./profile-view.tsx";
import { useProfile } from "./use-profile.ts";

/** My profile: the read-only view, or the form after Edit Profile. */
export function ProfilePanel() {
	const { LL } = useI18n();
	const user = useCurrentUser();
	const profile = useProfile();
	const [editing, setEditing] = useState(false);

	if (!user.data || profile.isPending) {
		return (
			<Flex gap="2" align="center">
				<Spinner />
				<Text>{LL.settings.profile.loading()}</Text>
			</Flex>
		);
	}
	return (
		<Flex direction="column" gap="4">
			<Heading as="h2" size="4">
				{LL.settings.profile.heading()}
			</Heading>
			{editing ? (
				<ProfileForm user={user.data} profile={profile.data} onDone={() => setEditing(false)} />
			) : (
				<ProfileView user={user.data} profile={profile.data} onEdit={() => setEditing(true)} />
			)}
		</Flex>
	);
}
