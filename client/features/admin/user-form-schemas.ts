import { z } from "zod";
import { text } from "../../../shared/schemas/fields.ts";
import { userCreateSchema, userUpdateSchema } from "../../../shared/schemas/users.ts";

/** Add User: the API's rules plus a required confirmation (the refine reports a mismatch). */
export const addUserFormSchema = userCreateSchema.safeExtend({
	confirm_password: text("passwordConfirmationRequired").min(1, { message: "passwordConfirmationRequired" }),
});
export type AddUserFormValues = z.input<typeof addUserFormSchema>;
export type AddUserFormOutput = z.output<typeof addUserFormSchema>;

export const addUserDefaults: AddUserFormValues = {
	email: "",
	full_name: "",
	password: "",
	confirm_password: "",
	is_superuser: false,
	is_active: false,
};

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
