import { z } from "zod";
import { bool, text } from "../../../shared/schemas/fields.ts";
import { userCreateFields, userCreateSchema, userUpdateSchema } from "../../../shared/schemas/users.ts";

/** Add User with a password: the API's rules plus a required confirmation (the refine reports a mismatch). */
const withPassword = userCreateSchema.safeExtend({
	invite: z.literal(false),
	confirm_password: text("passwordConfirmationRequired").min(1, { message: "passwordConfirmationRequired" }),
});

/** Add User sending an invitation: no password fields (what they hold is left out). */
const withInvitation = z.object({
	email: userCreateFields.email,
	full_name: userCreateFields.full_name,
	is_superuser: bool(),
	is_active: bool(),
	invite: z.literal(true),
});

export const addUserFormSchema = z.discriminatedUnion("invite", [withPassword, withInvitation]);
export type AddUserFormValues = z.input<typeof withPassword> | (z.input<typeof withInvitation> & AddUserPasswords);
type AddUserPasswords = { password?: string; confirm_password?: string };
export type AddUserFormOutput = z.output<typeof addUserFormSchema>;

export const addUserDefaults: AddUserFormValues = {
	email: "",
	full_name: "",
	password: "",
	confirm_password: "",
	is_superuser: false,
	is_active: false,
	invite: false,
};

/** The admin.create input: a password, or the invitation. */
export function addUserInput(values: AddUserFormOutput) {
	const full_name = values.full_name?.trim() ? values.full_name.trim() : null;
	const common = { email: values.email, full_name, is_superuser: values.is_superuser, is_active: values.is_active };
	return values.invite
		? { ...common, invite: true }
		: { ...common, password: values.password, confirm_password: values.confirm_password };
}

/** Edit User: e-mail required; an empty password means "keep the current one". */
export const editUserFormSchema = z.object({
	email: userUpdateSchema.shape.email.unwrap(),
	full_name: z
		.string()
		.transform((value) => (value.trim() === "" ? null : value))
		.pipe(userUpdateSchema.shape.full_name.unwrap()),
	password: z
		.string()
		.transform((value) => (value === "" ? undefined : value))
		.pipe(userUpdateSchema.shape.password),
	is_superuser: z.boolean(),
	is_active: z.boolean(),
});
export type EditUserFormValues = z.input<typeof editUserFormSchema>;
export type EditUserFormOutput = z.output<typeof editUserFormSchema>;

export function editUserDefaults(user: {
	email: string;
	full_name: string | null;
	is_superuser: boolean;
	is_active: boolean;
}): EditUserFormValues {
	return {
		email: user.email,
		full_name: user.full_name ?? "",
		password: "",
		is_superuser: user.is_superuser,
		is_active: user.is_active,
	};
}

/** The admin.update input: the password only when one was typed. */
export function editUserChanges(values: EditUserFormOutput) {
	const { password, ...rest } = values;
	return password === undefined ? rest : { ...rest, password };
}
