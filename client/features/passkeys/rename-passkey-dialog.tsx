import { Button, Dialog, Flex } from "@radix-ui/themes";
import { useMutation } from "@tanstack/react-query";
import { useEffect } from "react";
import { type RenamePasskeyInput, renamePasskeySchema } from "../../../shared/schemas/passkeys.ts";
import { useTRPC } from "../../api/trpc.ts";
import { Field } from "../../components/form/field.tsx";
import { Form } from "../../components/form/form.tsx";
import { useI18n } from "../../i18n/index.tsx";
import { mutationErrorText } from "../../lib/error-text.ts";
import { notifySuccess } from "../../lib/toast.ts";
import { useZodForm } from "../../lib/validation.ts";

type Props = {
	passkey: { id: string; name: string } | null;
	open: boolean;
	onClose: () => void;
	onRenamed: () => void;
	onCloseAutoFocus: (event: Event) => void;
};

/** A new name for a passkey, checked as the server checks it; a refusal shows under the field. */
export function RenamePasskeyDialog({ passkey, open, onClose, onRenamed, onCloseAutoFocus }: Props) {
	const { LL } = useI18n();
	const t = LL.security.passkeys;
	const trpc = useTRPC();
	const rename = useMutation(trpc.passkeys.rename.mutationOptions());
	const form = useZodForm(renamePasskeySchema, { defaultValues: { name: "" }, mode: "onSubmit" });
	const { reset } = form;
	useEffect(() => {
		if (open && passkey) reset({ name: passkey.name });
	}, [open, passkey, reset]);

	const save = async (values: RenamePasskeyInput) => {
		if (!passkey) return;
		try {
			await rename.mutateAsync({ passkey_id: passkey.id, ...values });
			notifySuccess(t.renamed());
			onRenamed();
			onClose();
		} catch (error) {
			form.setError("name", { message: mutationErrorText(error, LL) }, { shouldFocus: true });
		}
	};

	return (
		<Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
			<Dialog.Content maxWidth="420px" data-testid="rename-passkey-dialog" onCloseAutoFocus={onCloseAutoFocus}>
				<Dialog.Title>{t.renameTitle()}</Dialog.Title>
				<Dialog.Description size="2" mb="4" color="gray">
					{t.renameText()}
				</Dialog.Description>
				<Form form={form} onSubmit={save}>
					<Field name="name" label={t.nameLabel()} testId="passkey-name-input" autoComplete="off" required />
					<Flex gap="3" mt="4" justify="end">
						<Dialog.Close>
							<Button type="button" variant="soft" color="gray">
								{t.cancel()}
							</Button>
						</Dialog.Close>
						<Button highContrast type="submit" loading={form.formState.isSubmitting}>
							{t.save()}
						</Button>
					</Flex>
				</Form>
			</Dialog.Content>
		</Dialog.Root>
	);
}
