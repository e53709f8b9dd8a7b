import { Button, Dialog, Flex, Text } from "@radix-ui/themes";
import { CheckboxField } from "../../components/form/checkbox-field.tsx";
import { Field } from "../../components/form/field.tsx";
import { PasswordField } from "../../components/form/password-field.tsx";
import { useI18n } from "../../i18n/index.tsx";

/**
 * The fields of Add User and Edit User: e-mail, full name, a password (required with its
 * confirmation when adding, unless an invitation is sent instead; optional when editing,
 * where empty keeps the current one), then the role and status.
 */
export function UserFormFields({ mode, inviting = false }: { mode: "add" | "edit"; inviting?: boolean }) {
	const { LL } = useI18n();
	const t = LL.admin.form;
	const adding = mode === "add";
	return (
		<>
			<Field name="email" label={t.email()} testId="email-input" placeholder={LL.auth.email()} type="email" required />
			<Field name="full_name" label={t.fullName()} testId="full-name-input" placeholder={LL.auth.fullName()} />
			{adding ? (
				<Flex direction="column" gap="1">
					<CheckboxField name="invite" label={t.invite()} testId="invite-checkbox" />
					{inviting ? (
						<Text size="1" color="gray">
							{t.inviteHint()}
						</Text>
					) : null}
				</Flex>
			) : null}
			{inviting ? null : <PasswordFields adding={adding} />}
			<Flex gap="4" wrap="wrap">
				<CheckboxField name="is_superuser" label={t.isSuperuser()} />
				<CheckboxField name="is_active" label={t.isActive()} />
			</Flex>
		</>
	);
}

function PasswordFields({ adding }: { adding: boolean }) {
	const { LL } = useI18n();
	const t = LL.admin.form;
	return (
		<>
			<PasswordField
				name="password"
				label={adding ? t.password() : t.newPassword()}
				testId="password-input"
				placeholder={LL.auth.password()}
				autoComplete="new-password"
				required={adding}
				hint={adding ? undefined : t.passwordHint()}
			/>
			{adding ? (
				<PasswordField
					name="confirm_password"
					label={t.confirmPassword()}
					testId="confirm-password-input"
					placeholder={LL.auth.confirmPassword()}
					autoComplete="new-password"
					required
				/>
			) : null}
		</>
	);
}

/** Cancel (closes the dialog) and Save. */
export function UserFormActions({ canSave, saving }: { canSave: boolean; saving: boolean }) {
	const { LL } = useI18n();
	return (
		<Flex gap="3" justify="end" mt="2">
			<Dialog.Close>
				<Button type="button" variant="soft" color="gray">
					{LL.admin.form.cancel()}
				</Button>
			</Dialog.Close>
			<Button type="submit" disabled={!canSave} loading={saving}>
				{LL.admin.form.save()}
			</Button>
		</Flex>
	);
}
