import { Button, Dialog, Flex } from "@radix-ui/themes";
import { useMutation } from "@tanstack/react-query";
import type { UserPublic } from "../../../shared/schemas/users.ts";
import { CheckboxField } from "../../components/checkbox-field.tsx";
import { FormField } from "../../components/form-field.tsx";
import { useI18n } from "../../i18n/index.tsx";
import { notifyMutationError } from "../../lib/error-text.ts";
import { notifySuccess } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { fieldErrorTexts, useZodForm } from "../../lib/validation.ts";
import { useReloadUsers } from "./use-users-page.ts";
import { type EditUserFormValues, editUserChanges, editUserDefaults, editUserFormSchema } from "./user-form-schemas.ts";

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
	const t = LL.admin.form;
	const trpc = useTRPC();
	const reload = useReloadUsers();
	const update = useMutation(trpc.admin.update.mutationOptions());
	const { register, control, formState, handleSubmit } = useZodForm(editUserFormSchema, {
		defaultValues: editUserDefaults(user),
	});
	const errors = (name: keyof EditUserFormValues) => fieldErrorTexts(formState.errors, name, LL);

	const save = handleSubmit(async (values) => {
		try {
			await update.mutateAsync({ user_id: user.id, ...editUserChanges(values) });
			notifySuccess(LL.admin.updated());
			onClose();
			await reload();
		} catch (error) {
			notifyMutationError(error, LL);
		}
	});

	return (
		<form onSubmit={save} noValidate>
			<Flex direction="column" gap="3">
				<FormField
					label={t.email()}
					registration={register("email")}
					errors={errors("email")}
					testId="email-input"
					placeholder={LL.auth.email()}
					type="email"
					required
				/>
				<FormField
					label={t.fullName()}
					registration={register("full_name")}
					errors={errors("full_name")}
					testId="full-name-input"
					placeholder={LL.auth.fullName()}
				/>
				<FormField
					label={t.newPassword()}
					registration={register("password")}
					errors={errors("password")}
					testId="password-input"
					placeholder={LL.auth.password()}
					type="password"
					autoComplete="new-password"
					hint={t.passwordHint()}
				/>
				<Flex gap="4" wrap="wrap">
					<CheckboxField control={control} name="is_superuser" label={t.isSuperuser()} />
					<CheckboxField control={control} name="is_active" label={t.isActive()} />
				</Flex>
				<Flex gap="3" justify="end" mt="2">
					<Dialog.Close>
						<Button type="button" variant="soft" color="gray">
							{t.cancel()}
						</Button>
					</Dialog.Close>
					<Button highContrast type="submit" disabled={!formState.isDirty} loading={formState.isSubmitting}>
						{t.save()}
					</Button>
				</Flex>
			</Flex>
		</form>
	);
}
