import { Flex, Separator } from "@radix-ui/themes";
import { PasskeysSection } from "../passkeys/passkeys-section.tsx";
import { TwoFactorSection } from "../two-factor/two-factor-section.tsx";

/** Settings -> Security: how the account is protected beyond its password. */
export function SecurityPanel() {
	return (
		<Flex direction="column" gap="6">
			<TwoFactorSection />
			<Separator size="4" />
			<PasskeysSection />
		</Flex>
	);
}
