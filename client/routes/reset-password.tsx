import { Button, Callout, Flex, Link as RadixLink, Text } from "@radix-ui/themes";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { resetPasswordFormSchema } from "../../shared/schemas/auth.ts";
import { Form } from "../components/form/form.tsx";
import { AuthPage } from "../features/auth/auth-page.tsx";
import { NewPasswordFields } from "../features/auth/new-password-fields.tsx";
import { useI18n } from "../i18n/index.tsx";
import { notifyMutationError, reasonOf } from "../lib/error-text.ts";
import { usePageTitle } from "../lib/page-title.ts";
import { notifySuccess } from "../lib/toast.ts";
import { useTRPC } from "../lib/trpc.ts";
import { useZodForm } from "../lib/validation.ts";

export function Component() {
	const { LL } = useI18n();
	usePageTitle(LL.auth.resetTitle());
	const trpc = useTRPC();
	const navigate = useNavigate();
	const [params] = useSearchParams();
	const token = params.get("token") ?? "";
	// The server refused the link (expired or already used): like a link without
	// a token, the form gives way to the notice and its "Request a new link".
	const [refused, setRefused] = useState(false);
	const usable = token !== "" && !refused;
	const newLink = useRef<HTMLAnchorElement>(null);
	// The form and its button are gone: focus goes to the way on.
	useEffect(() => {
		if (refused) newLink.current?.focus();
	}, [refused]);
	const form = useZodForm(resetPasswordFormSchema, {
		defaultValues: { token, new_password: "", confirm_password: "" },
	});
	const reset = useMutation(
		trpc.auth.resetPassword.mutationOptions({
			onSuccess() {
				notifySuccess(LL.auth.passwordUpdatedDone());
				navigate("/login", { replace: true });
			},
			onError: (error) =>
				reasonOf(error) === "INVALID_RESET_TOKEN" ? setRefused(true) : notifyMutationError(error, LL),
		}),
	);

	return (
		<AuthPage title={LL.auth.resetTitle()} intro={usable ? LL.auth.resetText() : undefined}>
			{usable ? (
				<Form
					form={form}
					onSubmit={(values) => {
						// The login screen's code loads beside the request, as on sign-up.
						void import("./login.tsx");
						reset.mutate(values);
					}}
				>
					<Flex direction="column" gap="4">
						<NewPasswordFields
							passwordName="new_password"
							passwordLabel={LL.auth.newPassword()}
							passwordTestId="new-password-input"
						/>
						<Button type="submit" size="3" loading={reset.isPending}>
							{LL.auth.resetPassword()}
						</Button>
					</Flex>
				</Form>
			) : (
				<Callout.Root color="amber" role="alert" data-testid="reset-link-notice">
					<Callout.Text>{refused ? LL.errorHints.resetLinkInvalid() : LL.auth.missingToken()}</Callout.Text>
				</Callout.Root>
			)}
			<Text size="2" align="center">
				<RadixLink asChild>
					<Link ref={newLink} to={usable ? "/login" : "/recover-password"}>
						{usable ? LL.auth.backToLogin() : LL.auth.requestNewLink()}
					</Link>
				</RadixLink>
			</Text>
		</AuthPage>
	);
}
