import { Badge, Button, Card, Code, DataList, Flex, Heading, IconButton, Spinner, Text } from "@radix-ui/themes";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import type { AdminProvider, ProviderCheck } from "../../../shared/schemas/identities.ts";
import { useTRPC } from "../../api/trpc.ts";
import { useI18n } from "../../i18n/index.tsx";
import { notifyMutationError } from "../../lib/error-text.ts";
import { formatNumber } from "../../lib/locale-format.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { notifySuccess } from "../../lib/toast.ts";
import { durationText } from "./duration-text.ts";
import { GitHubMark } from "./github-mark.tsx";

/**
 * Admin -> Sign-in providers: what the server's settings configure, read-only (they are
 * changed in its environment), with the callback URL to register at each provider and a
 * Check that runs its discovery afresh.
 */
export function AdminProvidersScreen() {
	const { LL } = useI18n();
	const t = LL.signInMethods.admin;
	usePageTitle(t.title());
	const trpc = useTRPC();
	const list = useQuery(trpc.admin.providers.queryOptions());

	let body: React.ReactNode = <Spinner />;
	if (list.isError) body = <Text color="red">{LL.common.somethingWentWrong()}</Text>;
	else if (list.data?.count === 0)
		body = (
			<Text color="gray" data-testid="providers-empty">
				{t.empty()}
			</Text>
		);
	else if (list.data)
		body = (
			<Flex asChild direction="column" gap="3" m="0" p="0" style={{ listStyle: "none" }}>
				<ul aria-label={t.listLabel()}>
					{list.data.data.map((provider) => (
						<ProviderCard key={provider.id} provider={provider} />
					))}
				</ul>
			</Flex>
		);

	return (
		<Flex direction="column" gap="4" maxWidth="860px">
			<Flex direction="column" gap="1">
				<Heading as="h1" size="6">
					{t.title()}
				</Heading>
				<Text color="gray">{t.intro()}</Text>
			</Flex>
			{body}
		</Flex>
	);
}

function ProviderCard({ provider }: { provider: AdminProvider }) {
	const { LL, locale } = useI18n();
	const t = LL.signInMethods.admin;
	const trpc = useTRPC();
	const check = useMutation(trpc.admin.checkProvider.mutationOptions());
	const [outcome, setOutcome] = useState<ProviderCheck | null>(null);
	const headingId = `provider-${provider.id}-name`;
	const flags = (
		[
			[provider.signup, t.flag.signup()],
			[provider.enforce, t.flag.enforce()],
			[provider.trust_email, t.flag.trustEmail()],
			[provider.bypass_two_factor, t.flag.bypassTwoFactor()],
		] as const
	)
		.filter(([on]) => on)
		.map(([, text]) => String(text));
	const list = (values: string[]) => (values.length > 0 ? values.join(", ") : t.anyone());

	const runCheck = async () => {
		setOutcome(null);
		try {
			setOutcome(await check.mutateAsync({ id: provider.id }));
		} catch (error) {
			notifyMutationError(error, LL);
		}
	};
	const callbackUrl = useRef<HTMLElement>(null);
	const copy = async () => {
		try {
			await navigator.clipboard.writeText(provider.callback_url);
			notifySuccess(t.copied());
		} catch {
			// No clipboard on this page (not HTTPS, or refused): the URL is selected, to copy by hand.
			if (callbackUrl.current) window.getSelection()?.selectAllChildren(callbackUrl.current);
		}
	};
	const ms = outcome ? formatNumber(outcome.took_ms, locale) : "";

	return (
		<Card asChild data-testid="provider-card" data-provider-id={provider.id}>
			<li aria-labelledby={headingId}>
				<Flex direction="column" gap="3">
					<Flex align="center" justify="between" gap="3" wrap="wrap">
						<Flex align="center" gap="2" minWidth="0">
							{provider.kind === "github" ? <GitHubMark /> : null}
							<Heading as="h2" size="4" id={headingId} style={{ overflowWrap: "anywhere" }}>
								{provider.name}
							</Heading>
							<Badge color="gray">{t.kind[provider.kind]()}</Badge>
						</Flex>
						<Button
							variant="soft"
							highContrast
							loading={check.isPending}
							aria-label={t.checkFor({ name: provider.name })}
							onClick={() => void runCheck()}
							data-testid="provider-check"
						>
							{t.check()}
						</Button>
					</Flex>
					{outcome ? (
						<Text
							size="2"
							color={outcome.ok ? "green" : "red"}
							role="status"
							data-testid="provider-check-result"
							style={{ overflowWrap: "anywhere" }}
						>
							{outcome.ok
								? t.checkOk({ ms })
								: outcome.detail
									? t.checkFailed({ ms, detail: outcome.detail })
									: t.checkFailedNoDetail({ ms })}
						</Text>
					) : null}
					<DataList.Root orientation={{ initial: "vertical", sm: "horizontal" }}>
						<DataList.Item>
							<DataList.Label>{t.callbackUrl()}</DataList.Label>
							<DataList.Value>
								<Flex align="center" gap="2" minWidth="0">
									<Code variant="ghost" className="code-text" data-testid="provider-callback-url" ref={callbackUrl}>
										{provider.callback_url}
									</Code>
									<IconButton
										size="1"
										variant="soft"
										color="gray"
										aria-label={t.copyFor({ name: provider.name })}
										onClick={() => void copy()}
									>
										<CopyIcon />
									</IconButton>
								</Flex>
							</DataList.Value>
						</DataList.Item>
						<DataList.Item>
							<DataList.Label>{t.issuer()}</DataList.Label>
							<DataList.Value>
								<Code variant="ghost" className="code-text">
									{provider.issuer}
								</Code>
							</DataList.Value>
						</DataList.Item>
						<DataList.Item>
							<DataList.Label>{t.scopes()}</DataList.Label>
							<DataList.Value>
								<Code variant="ghost" className="code-text">
									{provider.scopes}
								</Code>
							</DataList.Value>
						</DataList.Item>
						<DataList.Item>
							<DataList.Label>{provider.kind === "github" ? t.allowedOrgs() : t.allowedDomains()}</DataList.Label>
							<DataList.Value>
								{list(provider.kind === "github" ? provider.allowed_orgs : provider.allowed_domains)}
							</DataList.Value>
						</DataList.Item>
						<DataList.Item>
							<DataList.Label>{t.sessionTtl()}</DataList.Label>
							<DataList.Value>{durationText(provider.session_ttl_seconds, locale)}</DataList.Value>
						</DataList.Item>
						<DataList.Item>
							<DataList.Label>{t.flags()}</DataList.Label>
							<DataList.Value>
								{flags.length === 0 ? (
									t.noFlags()
								) : (
									<Flex gap="2" wrap="wrap">
										{flags.map((flag) => (
											<Badge key={flag} color="amber" highContrast>
												{flag}
											</Badge>
										))}
									</Flex>
								)}
							</DataList.Value>
						</DataList.Item>
					</DataList.Root>
				</Flex>
			</li>
		</Card>
	);
}

const CopyIcon = () => (
	<svg width="15" height="15" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
		<rect x="9" y="9" width="12" height="12" rx="2" />
		<path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
	</svg>
);
