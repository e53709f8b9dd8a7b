import { Button, Flex, Link as RadixLink, Text } from "@radix-ui/themes";
import { useMutation } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router-dom";
import type { loginFormSchema, TokenPair } from "../../../shared/schemas/auth.ts";
import { useTRPC } from "../../api/trpc.ts";
import { Form } from "../../components/form/form.tsx";
import { PasswordField } from "../../components/form/password-field.tsx";
import { useI18n } from "../../i18n/index.tsx";
import { authErrorText } from "../../lib/error-text.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { notifyError, notifySuccess } from "../../lib/toast.ts";
import { useLazyZodForm } from "../../lib/validation.ts";
import { PasskeySignIn } from "../passkeys/passkey-sign-in.tsx";
import { ProviderButtons } from "../sign-in-providers/provider-buttons.tsx";
import { useSession } from "../sign-in-state/hooks.ts";
import { SessionEndedNotice } from "../sign-in-state/session-ended-notice.tsx";
import { mfaTokenOf } from "../two-factor/login-step.ts";
import { AuthPage } from "./auth-page.tsx";
import { EmailField } from "./email-field.tsx";
import { OtherScreenLink } from "./other-screen-link.tsx";

// The first screen of a new visitor: zod (23 KB) arrives once it is on screen.
const loadSchema = () => import("../../../shared/schemas/auth.ts").then((module) => module.loginFormSchema);

export function LoginScreen() {
	const { LL } = useI18n();
	usePageTitle(LL.auth.loginTitle());
	const trpc = useTRPC();
	const navigate = useNavigate();
	const session = useSession();
	const form = useLazyZodForm<typeof loginFormSchema>(loadSchema, { defaultValues: { username: "", password: "" } });
	const signedIn = (pair: TokenPair) => {
		session.start({ token: pair.access_token, refreshToken: pair.refresh_token });
		notifySuccess(LL.auth.loggedIn());
		navigate("/", { replace: true });
	};
	const login = useMutation(
		trpc.auth.login.mutationOptions({
			onSuccess: signedIn,
			onError(error) {
				// An account with two-factor: its second step, with the token the password earned.
				const mfaToken = mfaTokenOf(error);
				if (mfaToken) navigate("/login/two-factor", { state: { mfaToken } });
				else notifyError(LL.common.error(), authErrorText(error, LL));
			},
		}),
	);

	return (
		<AuthPage title={LL.auth.loginTitle()}>
			<Form form={form} onSubmit={(values) => login.mutate(values)}>
				<Flex direction="column" gap="4">
					<SessionEndedNotice />
					<EmailField name="username" autoComplete="username" />
					<PasswordField
						name="password"
						label={LL.auth.password()}
						placeholder={LL.auth.password()}
						testId="password-input"
						autoComplete="current-password"
						required
					/>
					<Text size="2">
						<RadixLink asChild>
							<Link to="/recover-password">{LL.auth.forgotPassword()}</Link>
						</RadixLink>
					</Text>
					<Button type="submit" size="3" loading={login.isPending}>
						{LL.auth.login()}
					</Button>
					<PasskeySignIn onSignedIn={signedIn} />
					<ProviderButtons />
					<OtherScreenLink text={LL.auth.noAccount()} link={LL.auth.register()} to="/signup" />
				</Flex>
			</Form>
		</AuthPage>
	);
}
