import { Box, Callout, Flex, Heading, Spinner, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../api/trpc.ts";
import { ConnectionLost, waitsForConnection } from "../../components/connection-lost.tsx";
import { useI18n } from "../../i18n/index.tsx";
import { capitalized, localDateTime, relativeTime } from "../../lib/locale-format.ts";
import { useNow } from "../../lib/use-now.ts";
import { activityText } from "./device-text.ts";

/** How many of the user's latest security events the Sessions tab shows. */
export const ACTIVITY_SIZE = 20;

/** The user's latest security events in plain words, newest first. */
export function RecentActivity() {
	const { LL, locale } = useI18n();
	const t = LL.sessions.activity;
	const trpc = useTRPC();
	const events = useQuery(trpc.users.audit.queryOptions({ skip: 0, limit: ACTIVITY_SIZE }));
	const now = useNow();
	const list = events.data?.data ?? [];
	return (
		<Flex asChild direction="column" gap="3">
			<section aria-labelledby="recent-activity-heading" data-testid="recent-activity">
				<Heading as="h2" size="4" id="recent-activity-heading">
					{t.heading()}
				</Heading>
				{waitsForConnection(events) ? (
					<ConnectionLost level="h3" />
				) : events.isPending ? (
					<Flex gap="2" align="center">
						<Spinner />
						<Text>{t.loading()}</Text>
					</Flex>
				) : events.isError && !events.data ? (
					<Callout.Root color="red" role="alert">
						<Callout.Text>{t.loadError()}</Callout.Text>
					</Callout.Root>
				) : list.length === 0 ? (
					<Text color="gray">{t.empty()}</Text>
				) : (
					<Box asChild>
						<ul aria-label={t.listLabel()} style={{ listStyle: "none", margin: 0, padding: 0 }}>
							{list.map((event) => (
								<Flex
									asChild
									key={event.id}
									direction="column"
									py="2"
									style={{ borderBottom: "1px solid var(--gray-a5)" }}
								>
									<li data-testid="activity-item" data-action={event.action}>
										<Text size="2" weight="medium" style={{ overflowWrap: "anywhere" }}>
											{activityText(LL, event)}
										</Text>
										<Flex asChild wrap="wrap" gapX="3">
											<Text size="1" color="gray">
												<time dateTime={event.at} title={localDateTime(event.at, locale)}>
													{capitalized(relativeTime(event.at, now, locale), locale)}
												</time>
												{event.ip ? <bdi dir="ltr">{event.ip}</bdi> : null}
											</Text>
										</Flex>
									</li>
								</Flex>
							))}
						</ul>
					</Box>
				)}
			</section>
		</Flex>
	);
}
