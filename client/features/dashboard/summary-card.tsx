import { Button, Card, Flex, Heading, Skeleton, Text, VisuallyHidden } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { useI18n } from "../../i18n/index.tsx";

type Props = {
	title: string;
	testId: string;
	/** The query behind the card: its value shows once loaded; a skeleton before; a retry after a failure. */
	status: "pending" | "error" | "success";
	onRetry: () => void;
	value?: ReactNode;
	detail?: ReactNode;
	/** What to do about it: a link to the place that fixes it. */
	action?: ReactNode;
};

/** One fact of the dashboard: a title, a value, a line of detail and a way to act on it. */
export function SummaryCard({ title, testId, status, onRetry, value, detail, action }: Props) {
	const { LL } = useI18n();
	const t = LL.summary;
	return (
		<Card size="2" data-testid={testId} aria-busy={status === "pending" || undefined}>
			<Flex direction="column" gap="2" height="100%">
				<Heading as="h3" size="2" weight="medium" color="gray">
					{title}
				</Heading>
				{status === "pending" ? (
					<Flex direction="column" gap="2" data-testid="card-skeleton">
						<VisuallyHidden>{t.loading()}</VisuallyHidden>
						<Skeleton height="28px" width="60%" />
						<Skeleton height="16px" width="85%" />
					</Flex>
				) : status === "error" ? (
					<Flex direction="column" gap="2" align="start" role="alert">
						<Text color="red" size="2">
							{t.loadError()}
						</Text>
						<Button size="1" variant="soft" color="gray" highContrast onClick={onRetry}>
							{t.retry()}
						</Button>
					</Flex>
				) : (
					<>
						<Text size="5" weight="bold" data-testid={`${testId}-value`} style={{ overflowWrap: "anywhere" }}>
							{value}
						</Text>
						{detail ? (
							<Text size="2" color="gray" style={{ overflowWrap: "anywhere" }}>
								{detail}
							</Text>
						) : null}
						{action ? (
							<Flex mt="auto" pt="1">
								{action}
							</Flex>
						) : null}
					</>
				)}
			</Flex>
		</Card>
	);
}
