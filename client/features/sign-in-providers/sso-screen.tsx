import { Button, Callout, Flex, Spinner, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, Navigate, useNavigate } from "react-router-dom";
import { isolate } from "../../../shared/i18n/direction.ts";
import { useI18n, useNamespaces } from "../../i18n/index.tsx";
import { usePageTitle } from "../../lib/page-title.ts";
import { notifySuccess } from "../../lib/toast.ts";
import { AuthPage } from "../auth/auth-page.tsx";
import { useSession } from "../sign-in-state/hooks.ts";
import { completeHandoff } from "./handoff-api.ts";
import { fetchProviders, providersQueryKey } from "./providers-api.ts";
import { providerRefusalText } from "./refusal-text.ts";
import { readSsoFragment, type SsoFragment } from "./sso-fragment.ts";

/**
 * /login/sso, where the provider's callback sends the browser, its answer in the fragment
 * (never sent to a server). The fragment is read once and cleared from the address bar; a
 * hand-off code is exchanged for the session as a password login would be, a link or a
 * re-authentication done goes back where it started with a toast, a refusal is worded.
 */
export function SsoScreen() {
	// Its texts are the signed-in screens' (a namespace): the login's dictionary stays small.
	useNamespaces("signInMethods");
	const [fragment] = useState(() => readSsoFragment(window.location.hash));
	useEffect(() => {
		// The code (or the answer) leaves the address bar, the history entry and any screen share at once.
		if (window.location.hash)
			window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
	}, []);
	return <SsoStep fragment={fragment} />;
}

function SsoStep({ fragment }: { fragment: SsoFragment }) {
	switch (fragment.kind) {
		case "handoff":
			return <HandoffStep handoff={fragment.handoff} returnTo={fragment.returnTo} />;
		case "linked":
		case "reauthenticated":
			return <DoneStep fragment={fragment} />;
		case "refused":
			return <Refusal reason={fragment.reason} returnTo={fragment.returnTo} />;
		default:
			return <Navigate to="/login" replace />;
	}
}

function HandoffStep({ handoff, returnTo }: { handoff: string; returnTo: string }) {
	const { LL } = useI18n();
	const session = useSession();
	const navigate = useNavigate();
	const [refused, setRefused] = useState<string | null>(null);
	// The code is single-use: one POST, however often React runs the effect.
	const sent = useRef(false);
	useEffect(() => {
		if (sent.current) return;
		sent.current = true;
		void completeHandoff(handoff).then((outcome) => {
			if ("tokens" in outcome) {
				session.start({ token: outcome.tokens.access_token, refreshToken: outcome.tokens.refresh_token });
				notifySuccess(LL.auth.loggedIn());
				navigate(returnTo, { replace: true });
			} else if ("mfaToken" in outcome) {
				navigate("/login/two-factor", { replace: true, state: { mfaToken: outcome.mfaToken, returnTo } });
			} else setRefused(outcome.refused);
		});
	}, [handoff, returnTo, session, navigate, LL]);
	if (refused !== null) return <Refusal reason={refused} returnTo={null} />;
	return <Working />;
}

function Working() {
	const { LL } = useI18n();
	const t = LL.signInMethods.sso;
	usePageTitle(t.title());
	return (
		<AuthPage title={t.title()}>
			<Flex align="center" gap="3" role="status" data-testid="sso-working">
				<Spinner size="3" />
				<Text color="gray">{t.working()}</Text>
			</Flex>
		</AuthPage>
	);
}

/** A link or a re-authentication done: back where it started, saying so. */
function DoneStep({ fragment }: { fragment: Extract<SsoFragment, { kind: "linked" | "reauthenticated" }> }) {
	const { LL } = useI18n();
	const navigate = useNavigate();
	const linked = fragment.kind === "linked" ? fragment.provider : null;
	// The provider's name, for the toast (its id when the list cannot be had).
	const providers = useQuery({
		queryKey: providersQueryKey,
		queryFn: fetchProviders,
		enabled: linked !== null,
		staleTime: 5 * 60_000,
	});
	const ready = linked === null || providers.isFetched;
	const done = useRef(false);
	useEffect(() => {
		if (!ready || done.current) return;
		done.current = true;
		const name = providers.data?.find((provider) => provider.id === linked)?.name ?? linked;
		notifySuccess(
			name === null ? LL.signInMethods.sso.reauthenticated() : LL.signInMethods.sso.linked({ name: isolate(name) }),
		);
		navigate(fragment.returnTo, { replace: true });
	}, [ready, providers.data, linked, fragment.returnTo, navigate, LL]);
	return <Working />;
}

/** A refusal in plain words, with the way back: the login screen, or where a signed-in person came from. */
function Refusal({ reason, returnTo }: { reason: string; returnTo: string | null }) {
	const { LL } = useI18n();
	const t = LL.signInMethods.sso;
	const { tokens } = useSession();
	const signedIn = tokens !== null;
	const title = signedIn ? t.notDoneTitle() : t.refusedTitle();
	usePageTitle(title);
	return (
		<AuthPage title={title}>
			<Callout.Root color="red" role="alert" data-testid="sso-refusal">
				<Callout.Text>{providerRefusalText(reason, LL)}</Callout.Text>
			</Callout.Root>
			<Button asChild size="3">
				<Link to={signedIn ? (returnTo ?? "/") : "/login"} replace>
					{signedIn ? t.back() : t.backToLogin()}
				</Link>
			</Button>
		</AuthPage>
	);
}
