import { Button, Flex, Heading } from "@radix-ui/themes";
import { useMutation } from "@tanstack/react-query";
import { updatePasswordFormSchema } from "../../../shared/schemas/users.ts";
import { FormField } from "../../components/form-field.tsx";
import { useI18n } from "../../i18n/index.tsx";
import { notifyMutationError } from "../../lib/error-text.ts";
import { notifySuccess } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { fieldErrorTexts, useZodForm } from "../../lib/validation.ts";

const empty = { current_password: "", new_password: "", confirm_password: "" };

/** Current, new and confirm password; a success clears the form. */
export function PasswordForm() {
	const { LL } = useI18n();
	const t = LL.settings.password;
	const trpc = useTRPC();
	const change = useMutation(trpc.users.changePassword.mutationOptions());
	const { register, formState, handleSubmit, reset } = useZodForm(updatePasswordFormSchema, { defaultValues: empty });
	const errors = (name: keyof typeof empty) => fieldErrorTexts(formState.errors, name, LL);

	const save = handleSubmit(async (values) => {
		try {
			await change.mutateAsync(values);
			notifySuccess(t.updated());
			reset(empty);
		} catch (error) {
			notifyMutationError(error, LL);
		}
	});

	return (
		<form onSubmit={save} noValidate>
			<Flex direction="column" gap="4" maxWidth="420px">
				<Heading as="h2" size="4">
					{t.heading()}
				</Heading>
				<FormField
					label={t.current()}
					registration={register("current_password")}
					errors={errors("current_password")}
					testId="current-password-input"
					placeholder={t.current()}
					type="password"
					autoComplete="current-password"
					required
				/>
				<FormField
					label={t.new()}
					registration={register("new_password")}
					errors={errors("new_password")}
					testId="new-password-input"
					placeholder={t.new()}
					type="password"
					autoComplete="new-password"
					required
				/>
				<FormField
					label={t.confirm()}
					registration={register("confirm_password")}
					errors={errors("confirm_password")}
					testId="confirm-password-input"
					placeholder={t.confirm()}
					type="password"
					autoComplete="new-password"
					required
				/>
				<Flex>
					<Button highContrast type="submit" loading={formState.isSubmitting}>
						{t.save()}
					</Button>
				</Flex>
			</Flex>
		</form>
	);
}
