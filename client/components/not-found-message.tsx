import { Button, Flex, Heading, Text } from "@radix-ui/themes";
import { Link } from "react-router-dom";
import { useI18n } from "../i18n/index.tsx";
import { usePageTitle } from "../lib/page-title.ts";

/** 404, Oops!, the text and Go Back Home: the not-found screen's content, alone or inside the signed-in layout. */
export function NotFoundMessage() {
	const { LL } = useI18n();
	usePageTitle(LL.common.notFoundPageTitle());
	return (
		<Flex direction="column" align="center" gap="3" p="4" style={{ textAlign: "center" }}>
			<Heading as="h1" size="9" color="teal" data-testid="not-found-code">
				{LL.common.notFoundCode()}
			</Heading>
			<Heading as="h2" size="6">
				{LL.common.notFoundTitle()}
			</Heading>
			<Text color="gray" size="3">
				{LL.common.notFoundText()}
			</Text>
			<Button asChild size="3" mt="2">
				<Link to="/">{LL.common.goBackHome()}</Link>
			</Button>
		</Flex>
	);
}
