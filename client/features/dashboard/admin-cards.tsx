import { Flex, Grid, Heading } from "@radix-ui/themes";
import { useI18n } from "../../i18n/index.tsx";
import { formatNumber } from "../../lib/locale-format.ts";
import { CardLink } from "./card-link.tsx";
import { SummaryCard } from "./summary-card.tsx";
import { useUsersSummary } from "./use-summaries.ts";

/** For superusers: the number of users, of inactive users and of accounts made this week, and the audit log. */
export function AdminCards() {
	const { LL, locale } = useI18n();
	const t = LL.summary;
	const summary = useUsersSummary();
	const data = summary.data;
	const card = { status: summary.status, onRetry: () => void summary.refetch() };
	const count = (value: number | undefined) => (value === undefined ? null : formatNumber(value, locale));

	return (
		<section aria-labelledby="admin-cards-heading">
			<Flex justify="between" align="baseline" gap="3" wrap="wrap" mb="3">
				<Heading as="h2" size="4" id="admin-cards-heading">
					{t.adminHeading()}
				</Heading>
				<CardLink to="/admin/audit">{t.auditLog()}</CardLink>
			</Flex>
			<Grid columns={{ initial: "1", sm: "3" }} gap="3">
				<SummaryCard
					{...card}
					title={t.users.title()}
					testId="card-users"
					value={count(data?.users)}
					action={<CardLink to="/admin">{t.users.link()}</CardLink>}
				/>
				<SummaryCard
					{...card}
					title={t.inactive.title()}
					testId="card-inactive-users"
					value={count(data?.inactive_users)}
					action={data?.inactive_users ? <CardLink to="/admin?status=inactive">{t.inactive.link()}</CardLink> : null}
				/>
				<SummaryCard
					{...card}
					title={t.signups.title()}
					testId="card-signups"
					value={count(data?.signups_last_7_days)}
					action={data?.signups_last_7_days ? <CardLink to="/admin">{t.signups.link()}</CardLink> : null}
				/>
			</Grid>
		</section>
	);
}
