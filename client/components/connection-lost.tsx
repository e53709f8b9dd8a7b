import { Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useI18n } from "../i18n/index.tsx";

/**
 * Where a screen or a list would be: the connection is lost, what is shown comes back by
 * itself with it, or now with Try again.
 */
export function ConnectionLost({ onRetry, level = "h2" }: { onRetry?: () => void; level?: "h1" | "h2" | "h3" }) {
	const { LL } = useI18n();
	return (
		<Card size="3" data-testid="connection-lost" style={{ maxWidth: 520 }}>
			<Flex direction="column" gap="3" align="start" role="alert">
				<Heading as={level} size="5">
					{LL.common.connectionLostTitle()}
				</Heading>
				<Text color="gray">{LL.common.connectionLostText()}</Text>
				{onRetry ? (
					<Button variant="soft" onClick={onRetry}>
						{LL.common.tryAgain()}
					</Button>
				) : null}
			</Flex>
		</Card>
	);
}

/**
 * A query that has nothing to show and waits for the connection (TanStack Query pauses it
 * while the browser is offline and runs it when the connection is back): a list shows
 * ConnectionLost instead of loading for ever.
 */
export const waitsForConnection = (query: { fetchStatus: string; data?: unknown }) =>
	query.fetchStatus === "paused" && query.data === undefined;
