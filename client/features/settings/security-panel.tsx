import { Flex, Separator } from "@radix-ui/themes";
import { PasskeysSection } from "../passkeys/passkeys-section.tsx";
import { SignInMethodsSection } from "../sign-in-providers/sign-in-methods-section.tsx";
import { TwoFactorSection } from "../two-factor/two-factor-section.tsx";

/** Settings -> Security: the ways into the account, and how it is protected beyond its password. */
export function SecurityPanel() {
	return (
		<Flex direction="column" gap="6">
			<SignInMethodsSection />
			<Separator size="4" />
			<TwoFactorSection />
			<Separator size="4" />
			<PasskeysSection />
		</Flex>
	);
}
