import { Button, Callout, Flex, Link as RadixLink, Spinner, Text } from "@radix-ui/themes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { useTRPC } from "../../api/trpc.ts";
import { useI18n, useNamespaces } from "../../i18n/index.tsx";
import { usePageTitle } from "../../lib/page-title.ts";
import { useCurrentUser, useSession } from "../sign-in-state/hooks.ts";
import { linkErrorText } from "../verification/link-error-text.ts";
import { useResendVerification } from "../verification/use-resend-verification.ts";
import { AuthPage } from "./auth-page.tsx";

/**
 * The verification link's screen: it sends the token from the URL once, then says how it
 * went and leads on (to the app when signed in here, else to the login). A refused link
 * offers a new one to a signed-in user whose address is still unproved.
 */
export function VerifyEmailScreen() {
	useNamespaces("verification");
	return <VerifyEmailContent />;
}

function VerifyEmailContent() {
	const { LL } = useI18n();
	const t = LL.verification.verify;
	usePageTitle(t.title());
	const trpc = useTRPC();
	const queryClient = useQueryClient();
	const [params] = useSearchParams();
	const token = params.get("token") ?? "";
	const { tokens } = useSession();
	const user = useCurrentUser();
	const resend = useResendVerification();
	const verify = useMutation(
		trpc.auth.verifyEmail.mutationOptions({
			// The banner goes once the app knows.
			onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.users.me.queryKey() }),
		}),
	);
	const { mutate } = verify;
	const sent = useRef(false);
	useEffect(() => {
		if (!token || sent.current) return;
		sent.current = true;
		mutate({ token });
	}, [token, mutate]);

	const onward = tokens ? (
		<Button asChild size="3">
			<Link to="/">{LL.verification.continueToApp()}</Link>
		</Button>
	) : (
		<Button asChild size="3">
			<Link to="/login">{LL.verification.goToLogin()}</Link>
		</Button>
	);
	const done = (text: string) => (
		<>
			<Callout.Root color="green" role="status">
				<Callout.Text>{text}</Callout.Text>
			</Callout.Root>
			{onward}
		</>
	);

	if (!token) {
		return (
			<AuthPage title={t.title()}>
				<Callout.Root color="amber" role="alert">
					<Callout.Text>{t.missingToken()}</Callout.Text>
				</Callout.Root>
				{onward}
			</AuthPage>
		);
	}
	if (verify.isSuccess) return <AuthPage title={t.title()}>{done(t.done())}</AuthPage>;
	if (verify.isError) {
		// A second click on the link: nothing is wrong if the address is proved.
		if (user.data?.email_verified) return <AuthPage title={t.title()}>{done(t.alreadyDone())}</AuthPage>;
		return (
			<AuthPage title={t.title()}>
				<Callout.Root color="red" role="alert" data-testid="verify-error">
					<Callout.Text>{linkErrorText(verify.error, LL, t.invalid())}</Callout.Text>
				</Callout.Root>
				{tokens && user.data ? (
					<Flex gap="3" wrap="wrap">
						<Button size="3" loading={resend.isPending} onClick={() => resend.mutate()}>
							{t.askAgain()}
						</Button>
						<Button asChild size="3" variant="soft" color="gray">
							<Link to="/">{LL.verification.continueToApp()}</Link>
						</Button>
					</Flex>
				) : (
					<Text size="2" align="center">
						<RadixLink asChild>
							<Link to="/login">{t.logInToAsk()}</Link>
						</RadixLink>
					</Text>
				)}
			</AuthPage>
		);
	}
	return (
		<AuthPage title={t.title()}>
			<Flex gap="2" align="center" role="status" aria-live="polite">
				<Spinner />
				<Text>{t.checking()}</Text>
			</Flex>
		</AuthPage>
	);
}
