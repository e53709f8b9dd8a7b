import { Dialog, Flex } from "@radix-ui/themes";
import { useMutation } from "@tanstack/react-query";
import type { UserPublic } from "../../../shared/schemas/users.ts";
import { useTRPC } from "../../api/trpc.ts";
import { Form } from "../../components/form/form.tsx";
import { useI18n } from "../../i18n/index.tsx";
import { showAtField } from "../../lib/server-field-error.ts";
import { useZodForm } from "../../lib/validation.ts";
import { useUserChange } from "./use-user-change.ts";
import { UserFormActions, UserFormFields } from "./user-form-fields.tsx";
import { type EditUserFormOutput, editUserChanges, editUserDefaults, editUserFormSchema } from "./user-form-schemas.ts";

type Props = { user: UserPublic | null; onClose: () => void; onCloseAutoFocus?: (event: Event) => void };

/** The Edit User modal, open while `user` is set. */
export function EditUserDialog({ user, onClose, onCloseAutoFocus }: Props) {
	const { LL } = useI18n();
	return (
		<Dialog.Root open={user !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
			<Dialog.Content maxWidth="480px" onCloseAutoFocus={onCloseAutoFocus}>
				<Dialog.Title>{LL.admin.form.editTitle()}</Dialog.Title>
				<Dialog.Description size="2" mb="4">
					{LL.admin.form.editDescription()}
				</Dialog.Description>
				{user ? <EditUserForm key={user.id} user={user} onClose={onClose} /> : null}
			</Dialog.Content>
		</Dialog.Root>
	);
}

function EditUserForm({ user, onClose }: { user: UserPublic; onClose: () => void }) {
	const { LL } = useI18n();
	const trpc = useTRPC();
	const update = useMutation(trpc.admin.update.mutationOptions());
	const form = useZodForm(editUserFormSchema, { defaultValues: editUserDefaults(user) });
	const change = useUserChange(LL.admin.updated, onClose, (error) =>
		showAtField(form, error, { UPDATE_EMAIL_TAKEN: "email" }, LL),
	);
	const submit = (values: EditUserFormOutput) =>
		change(() => update.mutateAsync({ user_id: user.id, ...editUserChanges(values) }));

	return (
		<Form form={form} onSubmit={submit}>
			<Flex direction="column" gap="3">
				<UserFormFields mode="edit" />
				<UserFormActions canSave={form.formState.isDirty} saving={form.formState.isSubmitting} />
			</Flex>
		</Form>
	);
}
