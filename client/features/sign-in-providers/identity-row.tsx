import { Button, Card, Flex, Text } from "@radix-ui/themes";
import { isolate } from "../../../shared/i18n/direction.ts";
import type { IdentityPublic } from "../../../shared/schemas/identities.ts";
import { useI18n } from "../../i18n/index.tsx";
import { localDate, localDateTime } from "../../lib/locale-format.ts";
import { GitHubMark } from "./github-mark.tsx";

type Props = { identity: IdentityPublic; onUnlink: (identity: IdentityPublic, trigger: HTMLElement) => void };

/** One linked identity: the provider, the address it gave when linked, linked on, last used; Unlink. */
export function IdentityRow({ identity, onUnlink }: Props) {
	const { LL, locale } = useI18n();
	const t = LL.signInMethods;
	return (
		<Card asChild data-testid="identity-row" data-identity-id={identity.id}>
			<li>
				<Flex direction={{ initial: "column", xs: "row" }} align={{ initial: "start", xs: "center" }} gap="3">
					<Flex direction="column" gap="1" flexGrow="1" minWidth="0">
						<Flex align="center" gap="2">
							{identity.kind === "github" ? <GitHubMark /> : null}
							<Text weight="medium" data-testid="identity-provider" style={{ overflowWrap: "anywhere" }}>
								{identity.provider_name}
							</Text>
						</Flex>
						{identity.email_at_link ? (
							<Text size="2" color="gray" style={{ overflowWrap: "anywhere" }}>
								{t.addressAtLink({ email: isolate(identity.email_at_link) })}
							</Text>
						) : null}
						<Flex asChild wrap="wrap" gapX="3" gapY="0">
							<Text size="2" color="gray">
								<span title={localDateTime(identity.created_at, locale)}>
									{t.linkedOn({ date: localDate(identity.created_at, locale) })}
								</span>
								<span data-testid="identity-last-used">
									{identity.last_used_at
										? t.lastUsed({ date: localDate(identity.last_used_at, locale) })
										: t.neverUsed()}
								</span>
							</Text>
						</Flex>
					</Flex>
					<Button
						variant="soft"
						color="red"
						aria-label={t.unlinkFor({ name: identity.provider_name })}
						onClick={(event) => onUnlink(identity, event.currentTarget)}
						data-testid="identity-unlink"
					>
						{t.unlink()}
					</Button>
				</Flex>
			</li>
		</Card>
	);
}
