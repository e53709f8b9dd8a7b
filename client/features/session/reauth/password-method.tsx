import { Dialog } from "@radix-ui/themes";
import { useMutation } from "@tanstack/react-query";
import { type ReauthenticateInput, reauthenticateSchema } from "../../../../shared/schemas/reauth.ts";
import { Form } from "../../../components/form/form.tsx";
import { PasswordField } from "../../../components/form/password-field.tsx";
import { useI18n } from "../../../i18n/index.tsx";
import { mutationErrorText } from "../../../lib/error-text.ts";
import { useTRPC } from "../../../lib/trpc.ts";
import { useZodForm } from "../../../lib/validation.ts";
import { ReauthActions } from "./reauth-actions.tsx";
import type { ReauthMethodProps } from "./reauth-method.ts";

/** Confirms with the account's password; a refusal (wrong password, too many tries) shows under the field. */
export function PasswordMethod({ onConfirmed, onCancel }: ReauthMethodProps) {
	const { LL } = useI18n();
	const trpc = useTRPC();
	const reauthenticate = useMutation(trpc.auth.reauthenticate.mutationOptions());
	// Checked on Confirm, not on blur: an error appearing as focus moves to the show-password
	// button would grow the centred dialog under the pointer and swallow the click.
	const form = useZodForm(reauthenticateSchema, { defaultValues: { password: "" }, mode: "onSubmit" });

	const confirm = async (values: ReauthenticateInput) => {
		try {
			await reauthenticate.mutateAsync(values);
			onConfirmed();
		} catch (error) {
			form.setError("password", { message: mutationErrorText(error, LL) }, { shouldFocus: true });
		}
	};

	return (
		<Form form={form} onSubmit={confirm}>
			<Dialog.Description size="2" mb="4">
				{LL.reauth.password.text()}
			</Dialog.Description>
			<PasswordField
				name="password"
				label={LL.reauth.password.label()}
				testId="reauth-password-input"
				autoComplete="current-password"
				required
			/>
			<ReauthActions busy={form.formState.isSubmitting} onCancel={onCancel} />
		</Form>
	);
}
