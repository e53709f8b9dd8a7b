import { Callout, Flex, Heading, Text } from "@radix-ui/themes";
import { useI18n } from "../../i18n/index.tsx";

/** Account deletion is not offered yet: the notice says so and points to support. */
export function DangerZone() {
	const { LL } = useI18n();
	const t = LL.settings.danger;
	return (
		<Flex direction="column" gap="4">
			<Heading as="h2" size="4" color="red">
				{t.heading()}
			</Heading>
			<Callout.Root highContrast color="red" role="note" data-testid="danger-zone-notice">
				<Callout.Text>
					<Text as="span" weight="bold">
						{t.title()}
					</Text>
					{" — "}
					{t.comingSoon()} {t.contact()}
				</Callout.Text>
			</Callout.Root>
		</Flex>
	);
}
