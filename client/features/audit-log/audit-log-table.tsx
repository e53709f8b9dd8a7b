import { Card, DataList, Flex, Table, Text, VisuallyHidden } from "@radix-ui/themes";
import { Fragment, type ReactNode } from "react";
import { auditActionKey } from "../../../shared/audit-actions.ts";
import type { AuditEvent } from "../../../shared/schemas/audit.ts";
import { useI18n } from "../../i18n/index.tsx";
import { localDateTimeSeconds } from "../../lib/locale-format.ts";
import { useMediaQuery } from "../../lib/use-media-query.ts";

/** Under this width the rows become cards: five columns do not fit a phone. */
const NARROW = "(max-width: 767.98px)";

type Props = {
	events: AuditEvent[];
	/** The rows are the previous page's while the next one loads. */
	stale: boolean;
};

/**
 * An address that may wrap only where a reader expects it: after the "@" and before a dot
 * (not "admin@example.c / om", nor after a hyphen); each piece between stays whole.
 */
function breakableEmail(email: string): ReactNode {
	const pieces = email.split(/(?<=@)|(?=\.)/);
	return pieces.map((piece, index) => (
		// biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed string, in order
		<Fragment key={index}>
			{index > 0 ? <wbr /> : null}
			<span style={{ whiteSpace: "nowrap" }}>{piece}</span>
		</Fragment>
	));
}

/** An e-mail of a row, or "nobody" read out where there is none (an anonymous attempt, an operator's command). */
function Person({ email }: { email: string | null }) {
	const { LL } = useI18n();
	// Its own left-to-right box: an address wrapped over two lines of an Arabic cell keeps its order.
	if (email)
		return (
			<bdi dir="ltr" style={{ display: "inline-block" }} data-testid="audit-email">
				{breakableEmail(email)}
			</bdi>
		);
	return (
		<Text color="gray">
			<span aria-hidden="true">—</span>
			<VisuallyHidden>{LL.auditLog.nobody()}</VisuallyHidden>
		</Text>
	);
}

function useCells() {
	const { LL, locale } = useI18n();
	return {
		time: (event: AuditEvent) => <time dateTime={event.at}>{localDateTimeSeconds(event.at, locale)}</time>,
		action: (event: AuditEvent) => LL.audit.actions[auditActionKey(event.action)](),
		actor: (event: AuditEvent) => <Person email={event.actor_email} />,
		subject: (event: AuditEvent) => <Person email={event.subject_email} />,
		ip: (event: AuditEvent) => (event.ip ? <span dir="ltr">{event.ip}</span> : <Person email={null} />),
	};
}

const staleStyle = (stale: boolean) => ({ opacity: stale ? 0.5 : 1, transition: "opacity 150ms" });

/** Time, action in plain words, by whom, on which account, from which IP; cards on a phone. */
export function AuditLogTable({ events, stale }: Props) {
	const { LL } = useI18n();
	const t = LL.auditLog;
	const narrow = useMediaQuery(NARROW);
	const cell = useCells();
	const columns = ["time", "action", "actor", "subject", "ip"] as const;

	if (narrow) {
		return (
			<Flex
				asChild
				direction="column"
				gap="3"
				m="0"
				p="0"
				style={{ listStyle: "none", ...staleStyle(stale) }}
				aria-busy={stale || undefined}
			>
				<ul aria-label={t.tableLabel()} data-testid="audit-list">
					{events.map((event) => (
						<li key={event.id} data-testid="audit-row">
							<Card>
								<DataList.Root orientation="horizontal" size="2">
									{columns.map((column) => (
										<DataList.Item key={column}>
											<DataList.Label minWidth="88px">{t.columns[column]()}</DataList.Label>
											<DataList.Value style={{ overflowWrap: "break-word", minWidth: 0 }}>
												{cell[column](event)}
											</DataList.Value>
										</DataList.Item>
									))}
								</DataList.Root>
							</Card>
						</li>
					))}
				</ul>
			</Flex>
		);
	}

	return (
		<Table.Root variant="surface" className="audit-table" aria-label={t.tableLabel()} data-testid="audit-table">
			<Table.Header>
				<Table.Row>
					{columns.map((column) => (
						<Table.ColumnHeaderCell key={column}>{t.columns[column]()}</Table.ColumnHeaderCell>
					))}
				</Table.Row>
			</Table.Header>
			<Table.Body aria-busy={stale || undefined} style={staleStyle(stale)}>
				{events.map((event) => (
					<Table.Row key={event.id} data-testid="audit-row">
						<Table.Cell style={{ whiteSpace: "nowrap" }}>{cell.time(event)}</Table.Cell>
						<Table.RowHeaderCell>{cell.action(event)}</Table.RowHeaderCell>
						<Table.Cell style={{ overflowWrap: "break-word" }}>{cell.actor(event)}</Table.Cell>
						<Table.Cell style={{ overflowWrap: "break-word" }}>{cell.subject(event)}</Table.Cell>
						<Table.Cell style={{ whiteSpace: "nowrap" }}>{cell.ip(event)}</Table.Cell>
					</Table.Row>
				))}
			</Table.Body>
		</Table.Root>
	);
}
