import { Dialog } from "@radix-ui/themes";
import { useMutation } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { z } from "zod";
import type { ReauthenticateInput, reauthenticateSchema } from "../../../../shared/schemas/reauth.ts";
import { useTRPC } from "../../../api/trpc.ts";
import { Form } from "../../../components/form/form.tsx";
import { useI18n } from "../../../i18n/index.tsx";
import { mutationErrorText } from "../../../lib/error-text.ts";
import { useZodForm } from "../../../lib/validation.ts";
import { ReauthActions } from "./reauth-actions.tsx";
import type { ReauthMethodProps } from "./reauth-method.ts";

type Props = ReauthMethodProps & {
	/** The one proof the form sends; `children` draw its field. */
	name: "password" | "code";
	schema: z.ZodType<ReauthenticateInput, z.input<typeof reauthenticateSchema>>;
	/** What the form asks for. */
	text: string;
	children: ReactNode;
};

/** The form of a typed proof (password, code): sends it, and a refusal shows under its field. */
export function ProofForm({ name, schema, text, onConfirmed, onCancel, children }: Props) {
	const { LL } = useI18n();
	const trpc = useTRPC();
	const reauthenticate = useMutation(trpc.auth.reauthenticate.mutationOptions());
	// Checked on Confirm, not on blur: an error appearing as focus moves to the show-password
	// button would grow the centred dialog under the pointer and swallow the click.
	const form = useZodForm(schema, { defaultValues: { [name]: "" }, mode: "onSubmit" });

	const confirm = async (values: ReauthenticateInput) => {
		try {
			await reauthenticate.mutateAsync(values);
			onConfirmed();
		} catch (error) {
			form.setError(name, { message: mutationErrorText(error, LL) }, { shouldFocus: true });
		}
	};

	return (
		<Form form={form} onSubmit={confirm}>
			<Dialog.Description size="2" mb="4">
				{text}
			</Dialog.Description>
			{children}
			<ReauthActions busy={form.formState.isSubmitting} onCancel={onCancel} />
		</Form>
	);
}
