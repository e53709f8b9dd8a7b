import { Card, Flex, Heading, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { useI18n } from "../../i18n/index.tsx";
import { LanguageSelect } from "../layout/language-select.tsx";

/** The frame of the public screens: brand, title, the card with the form, language and theme. */
export function AuthPage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
	const { LL } = useI18n();
	return (
		<main className="auth-page">
			<Flex direction="column" gap="4" className="auth-card">
				<Flex justify="between" align="center" gap="2">
					<Text size="6" weight="bold" color="teal" className="brand">
						{LL.common.appName()}
					</Text>
					<LanguageSelect />
				</Flex>
				<Card size="3">
					<Flex direction="column" gap="4">
						<Flex direction="column" gap="1">
							<Heading as="h1" size="6">
								{title}
							</Heading>
							{intro ? <Text color="gray">{intro}</Text> : null}
						</Flex>
						{children}
					</Flex>
				</Card>
			</Flex>
		</main>
	);
}
