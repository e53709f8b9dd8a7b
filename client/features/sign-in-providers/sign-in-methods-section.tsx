import { Badge, Button, Callout, DataList, Flex, Heading, Spinner, Text } from "@radix-ui/themes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { isolate } from "../../../shared/i18n/direction.ts";
import type { IdentityPublic, SignInMethods } from "../../../shared/schemas/identities.ts";
import { useTRPC } from "../../api/trpc.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { useI18n } from "../../i18n/index.tsx";
import { notifyMutationError, reasonOf } from "../../lib/error-text.ts";
import { formatNumber } from "../../lib/locale-format.ts";
import { notifySuccess } from "../../lib/toast.ts";
import { GitHubMark } from "./github-mark.tsx";
import { IdentityRow } from "./identity-row.tsx";
import { passwordStateOf } from "./password-state.ts";
import { fetchProviders, providersQueryKey } from "./providers-api.ts";

/** Where a link started from Settings comes back to. */
const SECURITY_TAB = "/settings?tab=security";

/**
 * Settings -> Security's "Sign-in methods": the password (set or not), how many passkeys,
 * the providers linked (Unlink) and "Link <provider>" for the configured ones not linked
 * yet. Linking and unlinking need a recent proof of identity, which the session's
 * confirmation dialog gets first; the last way in is never removed (409, said in words).
 */
export function SignInMethodsSection() {
	const { LL, locale } = useI18n();
	const t = LL.signInMethods;
	const trpc = useTRPC();
	const queryClient = useQueryClient();
	const methods = useQuery(trpc.identities.mine.queryOptions());
	const providers = useQuery({ queryKey: providersQueryKey, queryFn: fetchProviders, staleTime: 5 * 60_000 });
	const startLink = useMutation(trpc.identities.startLink.mutationOptions());
	const unlink = useMutation(trpc.identities.unlink.mutationOptions());
	const [chosen, setChosen] = useState<IdentityPublic | null>(null);
	const [confirming, setConfirming] = useState(false);
	const [lastMethod, setLastMethod] = useState(false);
	const trigger = useRef<HTMLElement | null>(null);
	const heading = useRef<HTMLHeadingElement>(null);
	const restoreFocus = (event: Event) => {
		event.preventDefault();
		(trigger.current?.isConnected ? trigger.current : heading.current)?.focus();
	};
	const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.identities.mine.queryKey() });

	const link = async (provider: string) => {
		setLastMethod(false);
		try {
			const { authorization_url } = await startLink.mutateAsync({ provider, return_to: SECURITY_TAB });
			window.location.assign(authorization_url);
		} catch (error) {
			notifyMutationError(error, LL);
		}
	};
	// The confirmation closes first: a confirmation of identity may be asked next.
	const confirmed = async () => {
		const identity = chosen;
		setConfirming(false);
		if (!identity) return;
		try {
			await unlink.mutateAsync({ identity_id: identity.id });
			notifySuccess(t.unlinked({ name: isolate(identity.provider_name) }));
		} catch (error) {
			if (reasonOf(error) === "LAST_SIGN_IN_METHOD") setLastMethod(true);
			else notifyMutationError(error, LL);
		}
		await refresh();
	};

	const linkedProviders = new Set(methods.data?.identities.map((identity) => identity.provider));
	const linkable = (providers.data ?? []).filter((provider) => !linkedProviders.has(provider.id));

	let body: React.ReactNode = <Spinner />;
	if (methods.isError) body = <Text color="red">{LL.common.somethingWentWrong()}</Text>;
	else if (methods.data)
		body = (
			<>
				<DataList.Root orientation={{ initial: "vertical", xs: "horizontal" }}>
					<DataList.Item>
						<DataList.Label>{t.password()}</DataList.Label>
						<DataList.Value>
							<PasswordBadge methods={methods.data} />
						</DataList.Value>
					</DataList.Item>
					<DataList.Item>
						<DataList.Label>{t.passkeys()}</DataList.Label>
						<DataList.Value data-testid="method-passkeys">{formatNumber(methods.data.passkeys, locale)}</DataList.Value>
					</DataList.Item>
				</DataList.Root>
				{methods.data.identities.length === 0 ? (
					<Text color="gray" data-testid="identities-empty">
						{t.noIdentities()}
					</Text>
				) : (
					<Flex asChild direction="column" gap="2" m="0" p="0" style={{ listStyle: "none" }}>
						<ul aria-label={t.identitiesLabel()} data-testid="identity-list">
							{methods.data.identities.map((identity) => (
								<IdentityRow
									key={identity.id}
									identity={identity}
									onUnlink={(one, button) => {
										trigger.current = button;
										setChosen(one);
										setLastMethod(false);
										setConfirming(true);
									}}
								/>
							))}
						</ul>
					</Flex>
				)}
			</>
		);

	return (
		<Flex direction="column" gap="3" maxWidth="720px" asChild>
			<section aria-labelledby="sign-in-methods-heading" data-testid="sign-in-methods">
				<Heading as="h2" size="4" id="sign-in-methods-heading" ref={heading} tabIndex={-1}>
					{t.heading()}
				</Heading>
				<Text color="gray">{t.intro()}</Text>
				{body}
				{lastMethod ? (
					<Callout.Root color="amber" highContrast role="alert" data-testid="last-method">
						<Callout.Text>{t.lastMethod()}</Callout.Text>
					</Callout.Root>
				) : null}
				{methods.data && linkable.length > 0 ? (
					<Flex gap="2" wrap="wrap">
						{linkable.map((provider) => (
							<Button
								key={provider.id}
								variant="outline"
								highContrast
								loading={startLink.isPending && startLink.variables?.provider === provider.id}
								onClick={() => void link(provider.id)}
								data-testid={`link-${provider.id}`}
							>
								{provider.kind === "github" ? <GitHubMark /> : null}
								{t.link({ name: isolate(provider.name) })}
							</Button>
						))}
					</Flex>
				) : null}
				<ConfirmDialog
					open={confirming}
					testId="unlink-identity-dialog"
					title={t.unlinkTitle({ name: isolate(chosen?.provider_name ?? "") })}
					text={t.unlinkText({
						name: isolate(chosen?.provider_name ?? ""),
						email: isolate(chosen?.email_at_link ?? "-"),
					})}
					confirmLabel={t.unlink()}
					cancelLabel={LL.common.cancel()}
					pending={unlink.isPending}
					onClose={() => setConfirming(false)}
					onConfirm={() => void confirmed()}
					onCloseAutoFocus={restoreFocus}
				/>
			</section>
		</Flex>
	);
}

/** The password's state in words: green only when it can be used. */
function PasswordBadge({ methods }: { methods: SignInMethods }) {
	const t = useI18n().LL.signInMethods;
	const state = passwordStateOf(methods);
	let text = state.kind === "set" ? t.passwordSet() : t.passwordNotSet();
	if (state.kind === "enforced") text = t.passwordEnforced({ name: isolate(state.by) });
	return (
		<Badge highContrast color={state.kind === "set" ? "green" : "gray"} data-testid="method-password">
			{text}
		</Badge>
	);
}
