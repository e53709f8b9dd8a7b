import { Badge, Box, Button, Card, Flex, Text } from "@radix-ui/themes";
import type { SessionPublic } from "../../../shared/schemas/sessions.ts";
import { useI18n } from "../../i18n/index.tsx";
import { localDate, localDateTime, relativeTime } from "../../lib/locale-format.ts";
import { DeviceIcon } from "./device-icon.tsx";
import { deviceText } from "./device-text.ts";

type Props = {
	session: SessionPublic;
	now: number;
	/** Offered on the other sessions only; absent in the admin's read-only list. */
	onRevoke?: (session: SessionPublic, trigger: HTMLElement) => void;
};

/**
 * One signed-in device: its icon, "Chrome 131 on macOS", when it was last active, its IP
 * and when it signed in. On a phone the Revoke button goes under the text.
 */
export function SessionRow({ session, now, onRevoke }: Props) {
	const { LL, locale } = useI18n();
	const t = LL.sessions;
	const device = deviceText(LL, session) ?? t.unknownDevice();
	const canRevoke = onRevoke !== undefined && !session.current;
	return (
		<Card asChild data-testid="session-row" data-session-id={session.id} data-current={session.current}>
			<li>
				<Flex direction={{ initial: "column", xs: "row" }} align={{ initial: "start", xs: "center" }} gap="3">
					<Flex gap="3" align="start" flexGrow="1" minWidth="0">
						<Box flexShrink="0" pt="1" style={{ color: "var(--gray-11)" }}>
							<DeviceIcon type={session.device_type} />
						</Box>
						<Flex direction="column" gap="1" minWidth="0">
							<Flex gap="2" align="center" wrap="wrap">
								<Text weight="medium" data-testid="session-device" style={{ overflowWrap: "anywhere" }}>
									{device}
								</Text>
								{session.current ? (
									<Badge highContrast color="teal" data-testid="this-device">
										{t.thisDevice()}
									</Badge>
								) : null}
							</Flex>
							<Flex asChild wrap="wrap" gapX="3" gapY="0">
								<Text size="2" color="gray">
									<span title={localDateTime(session.last_seen_at, locale)} data-testid="session-active">
										{t.activeWhen({ when: relativeTime(session.last_seen_at, now, locale) })}
									</span>
									{session.ip ? (
										<span data-testid="session-ip">
											<bdi dir="ltr">{session.ip}</bdi>
										</span>
									) : null}
									<span title={localDateTime(session.created_at, locale)} data-testid="session-created">
										{t.signedInOn({ date: localDate(session.created_at, locale) })}
									</span>
								</Text>
							</Flex>
						</Flex>
					</Flex>
					{canRevoke ? (
						<Button
							variant="soft"
							color="red"
							aria-label={t.revokeFor({ device })}
							data-testid="revoke-session"
							onClick={(event) => onRevoke(session, event.currentTarget)}
						>
							{t.revoke()}
						</Button>
					) : null}
				</Flex>
			</li>
		</Card>
	);
}
