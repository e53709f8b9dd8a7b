import { Button, Flex, Heading, Text } from "@radix-ui/themes";
import { Link } from "react-router-dom";
import { useI18n } from "../../i18n/index.tsx";
import { usePageTitle } from "../../lib/page-title.ts";

/** What a signed-in user sees on a page their role does not open: a plain word and a way back, still signed in. */
export function AccessDenied() {
	const { LL } = useI18n();
	const t = LL.access.denied;
	usePageTitle(LL.auth.accessDenied());
	return (
		<Flex direction="column" align="start" gap="3" pt="4" data-testid="access-denied">
			<Heading as="h1" size="6">
				{t.title()}
			</Heading>
			<Text color="gray">{t.text()}</Text>
			<Button asChild mt="2">
				<Link to="/">{t.back()}</Link>
			</Button>
		</Flex>
	);
}
