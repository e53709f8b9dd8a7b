import { Badge, Button, Card, Flex, Text } from "@radix-ui/themes";
import type { TokenPublic } from "../../../shared/schemas/tokens.ts";
import { useI18n } from "../../i18n/index.tsx";
import { localDate, localDateTime, relativeTime } from "../../lib/locale-format.ts";

type Props = {
	token: TokenPublic;
	now: number;
	/** Its test ids: `<prefix>-row`, `<prefix>-last-used`, `<prefix>-revoke`. */
	testIdPrefix: "token" | "admin-token";
	/** The holder's email, in the admin's list of every user's tokens. */
	owner?: string;
	onRevoke: (token: TokenPublic) => void;
};

/**
 * One personal access token: its name, scopes and "Ended" once revoked or past its end, then
 * (its holder,) its end and last use; Revoke while it is live. On a phone the button goes under the text.
 */
export function TokenRow({ token, now, testIdPrefix, owner, onRevoke }: Props) {
	const { LL, locale } = useI18n();
	const t = LL.sessions.tokens;
	const live = token.revoked_at === null && Date.parse(token.expires_at) > now;
	return (
		<Card asChild data-testid={`${testIdPrefix}-row`}>
			<li>
				<Flex direction={{ initial: "column", xs: "row" }} gap="3" align={{ initial: "start", xs: "center" }}>
					<Flex direction="column" gap="1" flexGrow="1" minWidth="0">
						<Flex gap="2" wrap="wrap" align="center">
							<Text weight="medium" style={{ overflowWrap: "anywhere" }}>
								{token.name}
							</Text>
							{token.scopes.map((scope) => (
								<Badge key={scope} color="gray">
									<bdi dir="ltr">{scope}</bdi>
								</Badge>
							))}
							{live ? null : <Badge color="red">{t.ended()}</Badge>}
						</Flex>
						<Flex asChild wrap="wrap" gapX="3">
							<Text size="2" color="gray">
								{owner === undefined ? null : <bdi style={{ overflowWrap: "anywhere" }}>{owner}</bdi>}
								<span title={localDateTime(token.expires_at, locale)}>
									{t.endsOn({ date: localDate(token.expires_at, locale) })}
								</span>
								<span data-testid={`${testIdPrefix}-last-used`}>
									{token.last_used_at
										? t.lastUsed({ when: relativeTime(token.last_used_at, now, locale) })
										: t.neverUsed()}
								</span>
							</Text>
						</Flex>
					</Flex>
					{live ? (
						<Button
							variant="soft"
							color="red"
							aria-label={t.revokeFor({ name: token.name })}
							data-testid={`${testIdPrefix}-revoke`}
							onClick={() => onRevoke(token)}
						>
							{t.revoke()}
						</Button>
					) : null}
				</Flex>
			</li>
		</Card>
	);
}
