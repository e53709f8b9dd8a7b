import { Button, Dialog, Flex } from "@radix-ui/themes";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTRPC } from "../../api/trpc.ts";
import { Form } from "../../components/form/form.tsx";
import { useI18n } from "../../i18n/index.tsx";
import { showAtField } from "../../lib/server-field-error.ts";
import { useZodForm } from "../../lib/validation.ts";
import { useUserChange } from "./use-user-change.ts";
import { UserFormActions, UserFormFields } from "./user-form-fields.tsx";
import { type AddUserFormOutput, addUserDefaults, addUserFormSchema, addUserInput } from "./user-form-schemas.ts";

/**
 * The Add User button and its modal; Save stays disabled until the form is valid. With
 * "Send an invitation" the password fields go away and the user is e-mailed a link instead.
 */
export function AddUserDialog() {
	const { LL } = useI18n();
	const t = LL.admin.form;
	const trpc = useTRPC();
	const create = useMutation(trpc.admin.create.mutationOptions());
	const [open, setOpen] = useState(false);
	const form = useZodForm(addUserFormSchema, {
		defaultValues: addUserDefaults,
		// Save is enabled the moment the form becomes valid, so validity follows every keystroke.
		mode: "onChange",
	});

	const openChange = (next: boolean) => {
		if (!next) form.reset(addUserDefaults);
		setOpen(next);
	};

	const inviting = form.watch("invite") === true;
	// An invitation is for someone who will sign in: the account starts active (the admin may still untick it).
	useEffect(() => {
		if (inviting) form.setValue("is_active", true, { shouldValidate: true });
	}, [inviting, form]);

	const invitedEmail = useRef("");
	const change = useUserChange(
		inviting ? () => LL.admin.invited({ email: invitedEmail.current }) : LL.admin.created,
		() => openChange(false),
		(error) => showAtField(form, error, { CREATE_EMAIL_TAKEN: "email" }, LL),
	);
	const submit = (values: AddUserFormOutput) => {
		invitedEmail.current = values.email;
		return change(() => create.mutateAsync(addUserInput(values)));
	};

	return (
		<Dialog.Root open={open} onOpenChange={openChange}>
			<Dialog.Trigger>
				<Button data-testid="add-user">{LL.admin.addUser()}</Button>
			</Dialog.Trigger>
			<Dialog.Content maxWidth="480px">
				<Dialog.Title>{t.addTitle()}</Dialog.Title>
				<Dialog.Description size="2" mb="4">
					{t.addDescription()}
				</Dialog.Description>
				<Form form={form} onSubmit={submit}>
					<Flex direction="column" gap="3">
						<UserFormFields mode="add" inviting={inviting} />
						<UserFormActions canSave={form.formState.isValid} saving={form.formState.isSubmitting} />
					</Flex>
				</Form>
			</Dialog.Content>
		</Dialog.Root>
	);
}
