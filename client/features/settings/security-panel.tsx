import { Flex, Spinner } from "@radix-ui/themes";
import { useNamespace } from "../../i18n/index.tsx";
import { TwoFactorSection } from "../two-factor/two-factor-section.tsx";

/** Settings -> Security: how the account is protected beyond its password. */
export function SecurityPanel() {
	if (!useNamespace("security")) return <Spinner />;
	return (
		<Flex direction="column" gap="6">
			<TwoFactorSection />
		</Flex>
	);
}
