import { Button, Callout, Flex, Text } from "@radix-ui/themes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router-dom";
import { useTRPC } from "../../api/trpc.ts";
import { useI18n, useNamespaces } from "../../i18n/index.tsx";
import { usePageTitle } from "../../lib/page-title.ts";
import { tokenStore } from "../sign-in-state/token-store.ts";
import { linkErrorText } from "../verification/link-error-text.ts";
import { AuthPage } from "./auth-page.tsx";

/**
 * The "This wasn't me" link's screen. Undoing signs every session out, so it waits for a
 * click (a mail scanner opening the link must not do it); then it forgets this browser's
 * session too, which the server has just ended.
 */
export function RevertEmailScreen() {
	useNamespaces("verification");
	return <RevertEmailContent />;
}

function RevertEmailContent() {
	const { LL } = useI18n();
	const t = LL.verification.revert;
	usePageTitle(t.title());
	const trpc = useTRPC();
	const queryClient = useQueryClient();
	const [params] = useSearchParams();
	const token = params.get("token") ?? "";
	const revert = useMutation(
		trpc.auth.revertEmail.mutationOptions({
			onSuccess() {
				tokenStore.clear();
				queryClient.clear();
			},
		}),
	);
	const toLogin = (
		<Button
			asChild
			size="3"
			variant={revert.isSuccess ? "solid" : "soft"}
			color={revert.isSuccess ? undefined : "gray"}
		>
			<Link to="/login">{LL.verification.goToLogin()}</Link>
		</Button>
	);

	if (revert.isSuccess) {
		return (
			<AuthPage title={t.title()}>
				<Callout.Root color="green" role="status" data-testid="revert-done">
					<Callout.Text>{t.done()}</Callout.Text>
				</Callout.Root>
				{toLogin}
			</AuthPage>
		);
	}
	if (!token) {
		return (
			<AuthPage title={t.title()}>
				<Callout.Root color="amber" role="alert">
					<Callout.Text>{t.missingToken()}</Callout.Text>
				</Callout.Root>
				{toLogin}
			</AuthPage>
		);
	}
	return (
		<AuthPage title={t.title()}>
			<Text color="gray">{t.text()}</Text>
			{revert.isError ? (
				<Callout.Root color="red" role="alert" data-testid="revert-error">
					<Callout.Text>{linkErrorText(revert.error, LL, t.invalid())}</Callout.Text>
				</Callout.Root>
			) : null}
			<Flex direction="column" gap="3">
				<Button size="3" color="red" loading={revert.isPending} onClick={() => revert.mutate({ token })}>
					{t.button()}
				</Button>
				{toLogin}
			</Flex>
		</AuthPage>
	);
}
