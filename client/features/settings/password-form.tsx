import { Button, Callout, Flex, Heading } from "@radix-ui/themes";
import { useMutation, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { isolate } from "../../../shared/i18n/direction.ts";
import { updatePasswordFormSchema } from "../../../shared/schemas/users.ts";
import { useTRPC } from "../../api/trpc.ts";
import { Form } from "../../components/form/form.tsx";
import { PasswordField } from "../../components/form/password-field.tsx";
import { useI18n } from "../../i18n/index.tsx";
import { notifyMutationError } from "../../lib/error-text.ts";
import { showAtField } from "../../lib/server-field-error.ts";
import { notifySuccess } from "../../lib/toast.ts";
import { useZodForm } from "../../lib/validation.ts";
import { passwordStateOf } from "../sign-in-providers/password-state.ts";

const empty = { current_password: "", new_password: "", confirm_password: "" };

/**
 * Current, new and confirm password; a success clears the form. Where the address's provider
 * turned password sign-in off (`OIDC_<ID>_ENFORCE`), it says so instead of offering a form
 * the server would refuse.
 */
export function PasswordForm() {
	const { LL } = useI18n();
	const t = LL.settings.password;
	const trpc = useTRPC();
	const ways = useQuery(trpc.identities.mine.queryOptions());
	const state = ways.data ? passwordStateOf(ways.data) : undefined;
	if (state?.kind === "enforced")
		return (
			<Flex direction="column" gap="4" maxWidth="420px">
				<Heading as="h2" size="4">
					{t.heading()}
				</Heading>
				<Callout.Root color="gray" data-testid="password-enforced">
					<Callout.Text>{t.enforced({ provider: isolate(state.by) })}</Callout.Text>
				</Callout.Root>
			</Flex>
		);
	return <ChangePasswordForm />;
}

function ChangePasswordForm() {
	const { LL } = useI18n();
	const t = LL.settings.password;
	const trpc = useTRPC();
	const change = useMutation(trpc.users.changePassword.mutationOptions());
	const form = useZodForm(updatePasswordFormSchema, { defaultValues: empty });

	const save = async (values: z.output<typeof updatePasswordFormSchema>) => {
		try {
			await change.mutateAsync(values);
			notifySuccess(t.updated());
			form.reset(empty);
		} catch (error) {
			notifyMutationError(error, LL);
			showAtField(form, error, { INCORRECT_PASSWORD: "current_password", SAME_PASSWORD: "new_password" }, LL);
		}
	};

	const passwordField = (name: keyof typeof empty, label: string, testId: string, autoComplete: string) => (
		<PasswordField name={name} label={label} testId={testId} placeholder={label} autoComplete={autoComplete} required />
	);

	return (
		<Form form={form} onSubmit={save}>
			<Flex direction="column" gap="4" maxWidth="420px">
				<Heading as="h2" size="4">
					{t.heading()}
				</Heading>
				{passwordField("current_password", t.current(), "current-password-input", "current-password")}
				{passwordField("new_password", t.new(), "new-password-input", "new-password")}
				{passwordField("confirm_password", t.confirm(), "confirm-password-input", "new-password")}
				<Flex>
					<Button type="submit" loading={form.formState.isSubmitting}>
						{t.save()}
					</Button>
				</Flex>
			</Flex>
		</Form>
	);
}
