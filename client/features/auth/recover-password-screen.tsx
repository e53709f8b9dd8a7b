import { Button, Callout, Flex, Link as RadixLink, Text } from "@radix-ui/themes";
import { useMutation } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { recoverPasswordSchema } from "../../../shared/schemas/auth.ts";
import { useTRPC } from "../../api/trpc.ts";
import { Form } from "../../components/form/form.tsx";
import { useI18n } from "../../i18n/index.tsx";
import { notifyMutationError } from "../../lib/error-text.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { notifySuccess } from "../../lib/toast.ts";
import { useZodForm } from "../../lib/validation.ts";
import { AuthPage } from "./auth-page.tsx";
import { EmailField } from "./email-field.tsx";

export function RecoverPasswordScreen() {
	const { LL } = useI18n();
	usePageTitle(LL.auth.recoverTitle());
	const trpc = useTRPC();
	const form = useZodForm(recoverPasswordSchema, { defaultValues: { email: "" } });
	const recover = useMutation(
		trpc.auth.recoverPassword.mutationOptions({
			onSuccess: () => notifySuccess(LL.auth.passwordResetEmailSent()),
			onError: (error) => notifyMutationError(error, LL),
		}),
	);

	return (
		<AuthPage title={LL.auth.recoverTitle()} intro={LL.auth.recoverText()}>
			<Form form={form} onSubmit={(values) => recover.mutate(values)}>
				<Flex direction="column" gap="4">
					{recover.isSuccess ? (
						<Callout.Root color="teal" role="status">
							<Callout.Text>{LL.auth.recoverSent()}</Callout.Text>
						</Callout.Root>
					) : null}
					<EmailField name="email" autoComplete="email" />
					<Button type="submit" size="3" loading={recover.isPending}>
						{LL.auth.continue()}
					</Button>
					<Text size="2" align="center">
						<RadixLink asChild>
							<Link to="/login">{LL.auth.backToLogin()}</Link>
						</RadixLink>
					</Text>
				</Flex>
			</Form>
		</AuthPage>
	);
}
