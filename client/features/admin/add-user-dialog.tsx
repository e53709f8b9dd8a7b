import { Button, Dialog, Flex } from "@radix-ui/themes";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { CheckboxField } from "../../components/checkbox-field.tsx";
import { FormField } from "../../components/form-field.tsx";
import { useI18n } from "../../i18n/index.tsx";
import { notifyMutationError } from "../../lib/error-text.ts";
import { notifySuccess } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { fieldErrorTexts, useZodForm } from "../../lib/validation.ts";
import { useReloadUsers } from "./use-users-page.ts";
import { type AddUserFormValues, addUserDefaults, addUserFormSchema } from "./user-form-schemas.ts";

/** The Add User button and its modal; Save stays disabled until the form is valid. */
export function AddUserDialog() {
	const { LL } = useI18n();
	const t = LL.admin.form;
	const trpc = useTRPC();
	const reload = useReloadUsers();
	const create = useMutation(trpc.admin.create.mutationOptions());
	const [open, setOpen] = useState(false);
	const { register, control, formState, handleSubmit, reset } = useZodForm(addUserFormSchema, {
		defaultValues: addUserDefaults,
		// Save is enabled the moment the form becomes valid, so validity follows every keystroke.
		mode: "onChange",
	});
	const errors = (name: keyof AddUserFormValues) => fieldErrorTexts(formState.errors, name, LL);

	const openChange = (next: boolean) => {
		if (!next) reset(addUserDefaults);
		setOpen(next);
	};

	const save = handleSubmit(async ({ full_name, ...values }) => {
		try {
			await create.mutateAsync({ ...values, full_name: full_name?.trim() ? full_name.trim() : null });
			notifySuccess(LL.admin.created());
			openChange(false);
			await reload();
		} catch (error) {
			notifyMutationError(error, LL);
		}
	});

	return (
		<Dialog.Root open={open} onOpenChange={openChange}>
			<Dialog.Trigger>
				<Button highContrast data-testid="add-user">
					{LL.admin.addUser()}
				</Button>
			</Dialog.Trigger>
			<Dialog.Content maxWidth="480px">
				<Dialog.Title>{t.addTitle()}</Dialog.Title>
				<Dialog.Description size="2" mb="4">
					{t.addDescription()}
				</Dialog.Description>
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
							label={t.password()}
							registration={register("password")}
							errors={errors("password")}
							testId="password-input"
							placeholder={LL.auth.password()}
							type="password"
							autoComplete="new-password"
							required
						/>
						<FormField
							label={t.confirmPassword()}
							registration={register("confirm_password")}
							errors={errors("confirm_password")}
							testId="confirm-password-input"
							placeholder={LL.auth.confirmPassword()}
							type="password"
							autoComplete="new-password"
							required
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
							<Button highContrast type="submit" disabled={!formState.isValid} loading={formState.isSubmitting}>
								{t.save()}
							</Button>
						</Flex>
					</Flex>
				</form>
			</Dialog.Content>
		</Dialog.Root>
	);
}
