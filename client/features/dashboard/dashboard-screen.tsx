import { Flex, Heading, Text } from "@radix-ui/themes";
import { useI18n } from "../../i18n/index.tsx";
import { displayName } from "../../lib/display-name.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { useCurrentUser } from "../sign-in-state/hooks.ts";
import { AccountCards } from "./account-cards.tsx";
import { AdminCards } from "./admin-cards.tsx";

export function DashboardScreen() {
	const { LL } = useI18n();
	const { data: user } = useCurrentUser();
	usePageTitle(LL.navigation.dashboard());
	return (
		<Flex direction="column" gap="6" pt="4">
			<Flex direction="column" gap="2">
				<Heading as="h1" size="7" style={{ overflowWrap: "anywhere" }}>
					{LL.dashboard.greeting({ name: user ? displayName(user) : "" })}
				</Heading>
				<Text size="4" color="gray">
					{LL.dashboard.welcome()}
				</Text>
			</Flex>
			<AccountCards />
			{/* Only a superuser's browser asks for everyone's numbers. */}
			{user?.is_superuser ? <AdminCards /> : null}
		</Flex>
	);
}
