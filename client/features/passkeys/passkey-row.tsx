import { Button, Card, Flex, Text } from "@radix-ui/themes";
import type { PasskeyPublic } from "../../../shared/schemas/passkeys.ts";
import { useI18n } from "../../i18n/index.tsx";
import { localDate, localDateTime } from "../../lib/locale-format.ts";

type Props = {
	passkey: PasskeyPublic;
	onRename: (passkey: PasskeyPublic, trigger: HTMLElement) => void;
	onRemove: (passkey: PasskeyPublic, trigger: HTMLElement) => void;
};

/** One passkey: its name, when it was added and last used; Rename and Remove. */
export function PasskeyRow({ passkey, onRename, onRemove }: Props) {
	const { LL, locale } = useI18n();
	const t = LL.security.passkeys;
	return (
		<Card asChild data-testid="passkey-row" data-passkey-id={passkey.id}>
			<li>
				<Flex direction={{ initial: "column", xs: "row" }} align={{ initial: "start", xs: "center" }} gap="3">
					<Flex direction="column" gap="1" flexGrow="1" minWidth="0">
						<Text weight="medium" data-testid="passkey-name" style={{ overflowWrap: "anywhere" }}>
							{passkey.name}
						</Text>
						<Flex asChild wrap="wrap" gapX="3" gapY="0">
							<Text size="2" color="gray">
								<span title={localDateTime(passkey.created_at, locale)}>
									{t.created({ date: localDate(passkey.created_at, locale) })}
								</span>
								<span data-testid="passkey-last-used">
									{passkey.last_used_at ? t.lastUsed({ date: localDate(passkey.last_used_at, locale) }) : t.neverUsed()}
								</span>
							</Text>
						</Flex>
					</Flex>
					<Flex gap="2" flexShrink="0">
						<Button
							variant="soft"
							color="gray"
							highContrast
							aria-label={t.renameFor({ name: passkey.name })}
							onClick={(event) => onRename(passkey, event.currentTarget)}
						>
							{t.rename()}
						</Button>
						<Button
							variant="soft"
							color="red"
							aria-label={t.removeFor({ name: passkey.name })}
							onClick={(event) => onRemove(passkey, event.currentTarget)}
						>
							{t.remove()}
						</Button>
					</Flex>
				</Flex>
			</li>
		</Card>
	);
}
