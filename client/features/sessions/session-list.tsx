import { Button, Callout, Flex, Spinner, Text } from "@radix-ui/themes";
import type { SessionPublic, SessionsPublic } from "../../../shared/schemas/sessions.ts";
import { ConnectionLost, waitsForConnection } from "../../components/connection-lost.tsx";
import { useI18n } from "../../i18n/index.tsx";
import { mutationErrorText } from "../../lib/error-text.ts";
import { useNow } from "../../lib/use-now.ts";
import { SessionRow } from "./session-row.tsx";

type Props = {
	query: {
		data?: SessionsPublic;
		isPending: boolean;
		isError: boolean;
		error: unknown;
		fetchStatus: string;
		refetch: () => unknown;
	};
	emptyText: string;
	label: string;
	onRevoke?: (session: SessionPublic, trigger: HTMLElement) => void;
};

/** The sessions of one account, with its loading, error and empty states. */
export function SessionList({ query, emptyText, label, onRevoke }: Props) {
	const { LL } = useI18n();
	const t = LL.sessions;
	const now = useNow();
	if (waitsForConnection(query)) return <ConnectionLost level="h3" />;
	if (query.isPending)
		return (
			<Flex gap="2" align="center" data-testid="sessions-loading">
				<Spinner />
				<Text>{t.loading()}</Text>
			</Flex>
		);
	if (query.isError && !query.data)
		return (
			<Callout.Root color="red" role="alert" data-testid="sessions-error">
				<Callout.Text>
					{t.loadError()} {mutationErrorText(query.error, LL)}
				</Callout.Text>
				<Flex>
					<Button size="1" variant="soft" onClick={() => void query.refetch()}>
						{t.retry()}
					</Button>
				</Flex>
			</Callout.Root>
		);
	// This device first, then the others in the server's order (most recently active first).
	const sessions = [...(query.data?.data ?? [])].sort((a, b) => Number(b.current) - Number(a.current));
	if (sessions.length === 0)
		return (
			<Text color="gray" data-testid="sessions-empty">
				{emptyText}
			</Text>
		);
	return (
		<Flex asChild direction="column" gap="2">
			<ul aria-label={label} data-testid="session-list" style={{ listStyle: "none", margin: 0, padding: 0 }}>
				{sessions.map((session) => (
					<SessionRow key={session.id} session={session} now={now} onRevoke={onRevoke} />
				))}
			</ul>
		</Flex>
	);
}
