import { Button, Flex, Link as RadixLink, Text } from "@radix-ui/themes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, Navigate, useLocation, useNavigate } from "react-router-dom";
import { type TotpCodeInput, totpCodeSchema } from "../../../shared/schemas/two-factor.ts";
import { useTRPC } from "../../api/trpc.ts";
import { Field } from "../../components/form/field.tsx";
import { Form } from "../../components/form/form.tsx";
import { useI18n } from "../../i18n/index.tsx";
import { authErrorText } from "../../lib/error-text.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { notifySuccess } from "../../lib/toast.ts";
import { useZodForm } from "../../lib/validation.ts";
import { safeReturnPath } from "../sign-in-providers/sso-fragment.ts";
import { useSession } from "../sign-in-state/hooks.ts";
import { AuthPage } from "./auth-page.tsx";

/**
 * The login's second step, for accounts with two-factor: the code of the authenticator app,
 * or, after "Use a recovery code", one of the recovery codes. The token the right password
 * earned comes in the navigation state (never in the URL); without it, back to the login.
 */
export function LoginTwoFactorScreen() {
	const { LL } = useI18n();
	const t = LL.security.login;
	usePageTitle(t.heading());
	const state = useLocation().state as { mfaToken?: unknown; returnTo?: unknown } | null;
	const mfaToken = state?.mfaToken;
	if (typeof mfaToken !== "string") return <Navigate to="/login" replace />;
	// A sign-in through a provider goes on where it was going: a path on this site only.
	const returnTo = safeReturnPath(typeof state?.returnTo === "string" ? state.returnTo : null) ?? "/";
	return (
		<AuthPage title={t.heading()}>
			<SecondStep mfaToken={mfaToken} returnTo={returnTo} />
		</AuthPage>
	);
}

function SecondStep({ mfaToken, returnTo }: { mfaToken: string; returnTo: string }) {
	const { LL } = useI18n();
	const t = LL.security.login;
	const trpc = useTRPC();
	const session = useSession();
	const navigate = useNavigate();
	const queryClient = useQueryClient();
	const [recovery, setRecovery] = useState(false);
	const complete = useMutation(trpc.twoFactor.completeLogin.mutationOptions());
	const form = useZodForm(totpCodeSchema, { defaultValues: { code: "" }, mode: "onSubmit" });

	const verify = async ({ code }: TotpCodeInput) => {
		try {
			const pair = await complete.mutateAsync({ mfa_token: mfaToken, code });
			session.start({ token: pair.access_token, refreshToken: pair.refresh_token });
			notifySuccess(LL.auth.loggedIn());
			navigate(returnTo, { replace: true });
			// A recovery code is spent: say so, with how many are left (the app's codes are 6 digits).
			if (!/^\d{6}$/.test(code.replace(/\s/g, "")))
				void queryClient
					.fetchQuery(trpc.twoFactor.status.queryOptions())
					.then((status) => notifySuccess(t.recoveryUsed({ count: status.recovery_codes_left })))
					.catch(() => {});
		} catch (error) {
			form.setError("code", { message: authErrorText(error, LL) }, { shouldFocus: true });
		}
	};
	const other = () => {
		setRecovery((shown) => !shown);
		form.reset({ code: "" });
	};

	return (
		<Form form={form} onSubmit={verify}>
			<Flex direction="column" gap="4">
				<Text color="gray">{recovery ? t.recoveryText() : t.codeText()}</Text>
				<Field
					// A new field for the other kind of code: its own label, keyboard and autofill.
					key={recovery ? "recovery" : "app"}
					name="code"
					label={recovery ? t.recoveryLabel() : t.codeLabel()}
					testId="totp-input"
					inputMode={recovery ? "text" : "numeric"}
					autoComplete={recovery ? "off" : "one-time-code"}
					required
				/>
				<Button type="submit" size="3" loading={form.formState.isSubmitting}>
					{t.verify()}
				</Button>
				<Flex justify="between" gap="3" wrap="wrap">
					<Text size="2">
						<RadixLink asChild>
							<button type="button" className="link-button" onClick={other}>
								{recovery ? t.appInstead() : t.recoveryInstead()}
							</button>
						</RadixLink>
					</Text>
					<Text size="2">
						<RadixLink asChild>
							<Link to="/login" replace>
								{t.back()}
							</Link>
						</RadixLink>
					</Text>
				</Flex>
			</Flex>
		</Form>
	);
}
