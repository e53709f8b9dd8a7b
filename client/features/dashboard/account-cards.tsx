import { Badge, Button, Grid, Heading } from "@radix-ui/themes";
import { useI18n } from "../../i18n/index.tsx";
import { capitalized, formatNumber, localDateTime, relativeTime } from "../../lib/locale-format.ts";
import { useNow } from "../../lib/use-now.ts";
import { deviceText } from "../sessions/device-text.ts";
import { useResendVerification } from "../verification/use-resend-verification.ts";
import { CardLink } from "./card-link.tsx";
import { SummaryCard } from "./summary-card.tsx";
import { useAccountSummary } from "./use-summaries.ts";

/** Where two-factor and passkeys are managed (the Security tab of the settings). */
const SECURITY = "/settings?tab=security";
const SESSIONS = "/settings?tab=sessions";

/**
 * The account at a glance: e-mail verified, two-factor, passkeys, active sessions and the
 * sign-in before this one, each with the way to fix or check it.
 */
export function AccountCards() {
	const { LL, locale } = useI18n();
	const t = LL.summary;
	const summary = useAccountSummary();
	const resend = useResendVerification();
	const now = useNow();
	const data = summary.data;
	const card = { status: summary.status, onRetry: () => void summary.refetch() };
	const last = data?.last_sign_in;

	return (
		<section aria-labelledby="account-cards-heading">
			<Heading as="h2" size="4" mb="3" id="account-cards-heading">
				{t.accountHeading()}
			</Heading>
			<Grid columns={{ initial: "1", sm: "2", lg: "3" }} gap="3">
				<SummaryCard
					{...card}
					title={t.email.title()}
					testId="card-email"
					value={
						<Badge size="2" color={data?.email_verified ? "green" : "amber"} highContrast>
							{data?.email_verified ? t.email.verified() : t.email.notVerified()}
						</Badge>
					}
					action={
						data && !data.email_verified ? (
							<Button size="1" variant="soft" loading={resend.isPending} onClick={() => resend.mutate()}>
								{t.email.resend()}
							</Button>
						) : null
					}
				/>
				<SummaryCard
					{...card}
					title={t.twoFactor.title()}
					testId="card-two-factor"
					value={
						<Badge size="2" color={data?.two_factor_enabled ? "green" : "gray"} highContrast>
							{data?.two_factor_enabled ? t.twoFactor.on() : t.twoFactor.off()}
						</Badge>
					}
					action={
						<CardLink to={SECURITY}>{data?.two_factor_enabled ? t.twoFactor.manage() : t.twoFactor.turnOn()}</CardLink>
					}
				/>
				<SummaryCard
					{...card}
					title={t.passkeys.title()}
					testId="card-passkeys"
					value={data && data.passkeys > 0 ? formatNumber(data.passkeys, locale) : t.passkeys.none()}
					action={<CardLink to={SECURITY}>{data?.passkeys ? t.passkeys.manage() : t.passkeys.add()}</CardLink>}
				/>
				<SummaryCard
					{...card}
					title={t.sessions.title()}
					testId="card-sessions"
					value={data ? formatNumber(data.active_sessions, locale) : null}
					action={<CardLink to={SESSIONS}>{t.sessions.review()}</CardLink>}
				/>
				<SummaryCard
					{...card}
					title={t.lastSignIn.title()}
					testId="card-last-sign-in"
					value={
						last ? (
							<time dateTime={last.at} title={localDateTime(last.at, locale)}>
								{capitalized(relativeTime(last.at, now, locale), locale)}
							</time>
						) : (
							t.lastSignIn.none()
						)
					}
					detail={
						last ? (
							<>
								{deviceText(LL, last) ?? t.lastSignIn.unknownDevice()}
								{/* The separator between the two, the address in its own left-to-right box. */}
								{last.ip ? (
									<>
										{" · "}
										<bdi dir="ltr" data-testid="last-sign-in-ip">
											{last.ip}
										</bdi>
									</>
								) : null}
							</>
						) : (
							t.lastSignIn.noneHint()
						)
					}
					action={last ? <CardLink to={SESSIONS}>{t.lastSignIn.notYou()}</CardLink> : null}
				/>
			</Grid>
		</section>
	);
}
