import { Button, Callout, Flex, Link as RadixLink, Text } from "@radix-ui/themes";
import { useMutation } from "@tanstack/react-query";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { resetPasswordFormSchema } from "../../shared/schemas/auth.ts";
import { Form } from "../components/form/form.tsx";
import { AuthPage } from "../features/auth/auth-page.tsx";
import { NewPasswordFields } from "../features/auth/new-password-fields.tsx";
import { useI18n } from "../i18n/index.tsx";
import { notifyMutationError } from "../lib/error-text.ts";
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
	const form = useZodForm(resetPasswordFormSchema, {
		defaultValues: { token, new_password: "", confirm_password: "" },
	});
	const reset = useMutation(
		trpc.auth.resetPassword.mutationOptions({
			onSuccess() {
				notifySuccess(LL.auth.passwordUpdatedDone());
				navigate("/login", { replace: true });
			},
			onError: (error) => notifyMutationError(error, LL),
		}),
	);

	return (
		<AuthPage title={LL.auth.resetTitle()} intro={token ? LL.auth.resetText() : undefined}>
			{token ? (
				<Form form={form} onSubmit={(values) => reset.mutate(values)}>
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
				<Callout.Root color="amber" role="alert">
					<Callout.Text>{LL.auth.missingToken()}</Callout.Text>
				</Callout.Root>
			)}
			<Text size="2" align="center">
				<RadixLink asChild>
					<Link to={token ? "/login" : "/recover-password"}>
						{token ? LL.auth.backToLogin() : LL.auth.requestNewLink()}
					</Link>
				</RadixLink>
			</Text>
		</AuthPage>
	);
}
