import { Button, Flex, Link as RadixLink, Text } from "@radix-ui/themes";
import { useMutation } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router-dom";
import { signupFormSchema } from "../../shared/schemas/users.ts";
import { FormField } from "../components/form-field.tsx";
import { PasswordField } from "../components/password-field.tsx";
import { AuthPage } from "../features/auth/auth-page.tsx";
import { useI18n } from "../i18n/index.tsx";
import { authErrorText } from "../lib/error-text.ts";
import { usePageTitle } from "../lib/page-title.ts";
import { notifyError, notifySuccess } from "../lib/toast.ts";
import { useTRPC } from "../lib/trpc.ts";
import { fieldErrorTexts, useZodForm } from "../lib/validation.ts";

export function Component() {
	const { LL } = useI18n();
	usePageTitle(LL.auth.signupTitle());
	const trpc = useTRPC();
	const navigate = useNavigate();
	const {
		register,
		handleSubmit,
		formState: { errors },
	} = useZodForm(signupFormSchema, {
		defaultValues: { full_name: "", email: "", password: "", confirm_password: "" },
	});
	const signup = useMutation(
		trpc.auth.signup.mutationOptions({
			onSuccess() {
				notifySuccess(LL.auth.signupSuccess());
				navigate("/login", { replace: true });
			},
			onError: (error) => notifyError(LL.common.error(), authErrorText(error, LL)),
		}),
	);

	return (
		<AuthPage title={LL.auth.signupTitle()}>
			<form noValidate onSubmit={handleSubmit((values) => signup.mutate(values))}>
				<Flex direction="column" gap="4">
					<FormField
						label={LL.auth.fullName()}
						placeholder={LL.auth.fullName()}
						testId="full-name-input"
						autoComplete="name"
						required
						registration={register("full_name")}
						errors={fieldErrorTexts(errors, "full_name", LL)}
					/>
					<FormField
						label={LL.auth.email()}
						placeholder={LL.auth.email()}
						testId="email-input"
						type="email"
						autoComplete="email"
						required
						registration={register("email")}
						errors={fieldErrorTexts(errors, "email", LL)}
					/>
					<PasswordField
						label={LL.auth.password()}
						placeholder={LL.auth.password()}
						testId="password-input"
						autoComplete="new-password"
						required
						registration={register("password")}
						errors={fieldErrorTexts(errors, "password", LL)}
					/>
					<PasswordField
						label={LL.auth.confirmPassword()}
						placeholder={LL.auth.confirmPassword()}
						testId="confirm-password-input"
						autoComplete="new-password"
						required
						registration={register("confirm_password")}
						errors={fieldErrorTexts(errors, "confirm_password", LL)}
					/>
					<Button type="submit" size="3" loading={signup.isPending}>
						{LL.auth.signUp()}
					</Button>
					<Text size="2" align="center">
						{LL.auth.haveAccount()}{" "}
						<RadixLink asChild weight="medium">
							<Link to="/login">{LL.auth.logInLink()}</Link>
						</RadixLink>
					</Text>
				</Flex>
			</form>
		</AuthPage>
	);
}
