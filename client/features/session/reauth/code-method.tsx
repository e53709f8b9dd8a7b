import { Dialog } from "@radix-ui/themes";
import { useMutation } from "@tanstack/react-query";
import { type TotpCodeInput, totpCodeSchema } from "../../../../shared/schemas/two-factor.ts";
import { Field } from "../../../components/form/field.tsx";
import { Form } from "../../../components/form/form.tsx";
import { useI18n } from "../../../i18n/index.tsx";
import { mutationErrorText } from "../../../lib/error-text.ts";
import { useTRPC } from "../../../lib/trpc.ts";
import { useZodForm } from "../../../lib/validation.ts";
import { ReauthActions } from "./reauth-actions.tsx";
import type { ReauthMethodProps } from "./reauth-method.ts";

/** Confirms with a code of the authenticator app, or a recovery code; a refusal shows under the field. */
export function CodeMethod({ onConfirmed, onCancel }: ReauthMethodProps) {
	const { LL } = useI18n();
	const trpc = useTRPC();
	const reauthenticate = useMutation(trpc.auth.reauthenticate.mutationOptions());
	const form = useZodForm(totpCodeSchema, { defaultValues: { code: "" }, mode: "onSubmit" });

	const confirm = async (values: TotpCodeInput) => {
		try {
			await reauthenticate.mutateAsync(values);
			onConfirmed();
		} catch (error) {
			form.setError("code", { message: mutationErrorText(error, LL) }, { shouldFocus: true });
		}
	};

	return (
		<Form form={form} onSubmit={confirm}>
			<Dialog.Description size="2" mb="4">
				{LL.reauth.code.text()}
			</Dialog.Description>
			<Field
				name="code"
				label={LL.reauth.code.label()}
				testId="reauth-code-input"
				autoComplete="one-time-code"
				required
			/>
			<ReauthActions busy={form.formState.isSubmitting} onCancel={onCancel} />
		</Form>
	);
}
