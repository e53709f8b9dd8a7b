import { Flex } from "@radix-ui/themes";
import { TwoFactorSection } from "../two-factor/two-factor-section.tsx";

/** Settings -> Security: how the account is protected beyond its password. */
export function SecurityPanel() {
	return (
		<Flex direction="column" gap="6">
			<TwoFactorSection />
		</Flex>
	);
}
