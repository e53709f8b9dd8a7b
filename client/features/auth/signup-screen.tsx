import { Button, Flex } from "@radix-ui/themes";
import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "react-router-dom";
import { signupFormSchema } from "../../../shared/schemas/users.ts";
import { useTRPC } from "../../api/trpc.ts";
import { Field } from "../../components/form/field.tsx";
import { Form } from "../../components/form/form.tsx";
import { useI18n } from "../../i18n/index.tsx";
import { authErrorText } from "../../lib/error-text.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { notifyError, notifySuccess } from "../../lib/toast.ts";
import { useZodForm } from "../../lib/validation.ts";
import { AuthPage } from "./auth-page.tsx";
import { EmailField } from "./email-field.tsx";
import { NewPasswordFields } from "./new-password-fields.tsx";
import { OtherScreenLink } from "./other-screen-link.tsx";

/** `loadLoginScreen` fetches the login route's code (the route module knows where it is). */
export function SignupScreen({ loadLoginScreen }: { loadLoginScreen: () => void }) {
	const { LL } = useI18n();
	usePageTitle(LL.auth.signupTitle());
	const trpc = useTRPC();
	const navigate = useNavigate();
	const form = useZodForm(signupFormSchema, {
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
			<Form
				form={form}
				onSubmit={(values) => {
					// The login screen's code loads beside the request: it shows the moment the account
					// exists, not a round trip later while this finished form stays on screen under /login.
					loadLoginScreen();
					signup.mutate(values);
				}}
			>
				<Flex direction="column" gap="4">
					<Field
						name="full_name"
						label={LL.auth.fullName()}
						placeholder={LL.auth.fullName()}
						testId="full-name-input"
						autoComplete="name"
						required
					/>
					<EmailField name="email" autoComplete="email" />
					<NewPasswordFields
						passwordName="password"
						passwordLabel={LL.auth.password()}
						passwordTestId="password-input"
					/>
					<Button type="submit" size="3" loading={signup.isPending}>
						{LL.auth.signUp()}
					</Button>
					<OtherScreenLink text={LL.auth.haveAccount()} link={LL.auth.logInLink()} to="/login" />
				</Flex>
			</Form>
		</AuthPage>
	);
}
