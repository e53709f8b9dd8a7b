import { Button, Callout, Flex, Link as RadixLink, Strong, Text } from "@radix-ui/themes";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { resetPasswordFormSchema } from "../../../shared/schemas/auth.ts";
import { useTRPC } from "../../api/trpc.ts";
import { Form } from "../../components/form/form.tsx";
import { useI18n } from "../../i18n/index.tsx";
import { notifyMutationError, reasonOf } from "../../lib/error-text.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { notifySuccess } from "../../lib/toast.ts";
import { useZodForm } from "../../lib/validation.ts";
import { useSession } from "../sign-in-state/hooks.ts";
import { AuthPage } from "./auth-page.tsx";
import { NewPasswordFields } from "./new-password-fields.tsx";

/** `loadLoginScreen` fetches the login route's code (the route module knows where it is). */
export function ResetPasswordScreen({ loadLoginScreen }: { loadLoginScreen: () => void }) {
	const { LL } = useI18n();
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
	// What the link is for: an invitation gets a welcome naming its address, then is signed in.
	const describe = useMutation(trpc.auth.passwordLink.mutationOptions());
	const { data: link, error: linkError } = useQuery({
		queryKey: ["password-link", token],
		queryFn: () => describe.mutateAsync({ token }),
		enabled: token !== "",
		retry: false,
		staleTime: Number.POSITIVE_INFINITY,
	});
	const invitation = link?.invitation === true;
	usePageTitle(invitation ? LL.auth.welcomeTitle() : LL.auth.resetTitle());
	// A link the server already refuses says so at once, not after a password was chosen.
	useEffect(() => {
		if (reasonOf(linkError) === "INVALID_RESET_TOKEN") setRefused(true);
	}, [linkError]);
	const session = useSession();
	const login = useMutation(trpc.auth.login.mutationOptions());
	const toLogin = () => {
		notifySuccess(LL.auth.passwordUpdatedDone());
		navigate("/login", { replace: true });
	};
	const reset = useMutation(
		trpc.auth.resetPassword.mutationOptions({
			onSuccess(_answer, values) {
				if (!link?.invitation) return toLogin();
				login.mutate(
					{ username: link.email, password: values.new_password },
					{
						onSuccess(pair) {
							session.start({ token: pair.access_token, refreshToken: pair.refresh_token });
							notifySuccess(LL.auth.welcomeSignedIn());
							navigate("/", { replace: true });
						},
						onError: toLogin,
					},
				);
			},
			onError: (error) =>
				reasonOf(error) === "INVALID_RESET_TOKEN" ? setRefused(true) : notifyMutationError(error, LL),
		}),
	);

	return (
		<AuthPage
			title={invitation ? LL.auth.welcomeTitle() : LL.auth.resetTitle()}
			intro={
				!usable ? undefined : invitation ? (
					<>
						{LL.auth.welcomeText()}{" "}
						<Strong>
							<bdi data-testid="invited-email">{link.email}</bdi>
						</Strong>
					</>
				) : (
					LL.auth.resetText()
				)
			}
		>
			{usable ? (
				<Form
					form={form}
					onSubmit={(values) => {
						// The login screen's code loads beside the request, as on sign-up.
						loadLoginScreen();
						reset.mutate(values);
					}}
				>
					<Flex direction="column" gap="4">
						{/* For password managers: the account the new password belongs to. */}
						{link ? <input type="email" autoComplete="username" value={link.email} readOnly hidden /> : null}
						<NewPasswordFields
							passwordName="new_password"
							passwordLabel={LL.auth.newPassword()}
							passwordTestId="new-password-input"
						/>
						<Button type="submit" size="3" loading={reset.isPending || login.isPending}>
							{invitation ? LL.auth.setPassword() : LL.auth.resetPassword()}
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
