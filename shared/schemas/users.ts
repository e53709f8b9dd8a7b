import { z } from "zod";
import {
	bool,
	boundedText,
	email,
	fullName,
	matching,
	optionalBoundedText,
	password,
	uuid,
	whenFilled,
} from "./fields.ts";

/** The user as every API returns it: never a hash. */
export const userPublicSchema = z.object({
	id: z.string(),
	email: z.string(),
	full_name: z.string().nullable(),
	is_active: z.boolean(),
	is_superuser: z.boolean(),
	/** Whether the owner proved the address by a link (template clients ignore it). */
	email_verified: z.boolean(),
	created_at: z.string(),
});
export type UserPublic = z.infer<typeof userPublicSchema>;

export const usersPublicSchema = z.object({ data: z.array(userPublicSchema), count: z.number().int() });
export type UsersPublic = z.infer<typeof usersPublicSchema>;

/**
 * A user in the admin's list: UserPublic and whether the account is still an invitation
 * (no password chosen yet: resend and revoke apply). Template clients ignore the field.
 */
export const adminUserSchema = userPublicSchema.extend({ invited: z.boolean() });
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUsersSchema = z.object({ data: z.array(adminUserSchema), count: z.number().int() });
export type AdminUsers = z.infer<typeof adminUsersSchema>;

export const messageSchema = z.object({ message: z.string() });

export const listQuerySchema = z.object({
	skip: z.coerce
		.number({ error: "skipInvalid" })
		.int({ message: "skipInvalid" })
		.min(0, { message: "skipInvalid" })
		.default(0),
	limit: z.coerce
		.number({ error: "limitInvalid" })
		.int({ message: "limitInvalid" })
		.min(1, { message: "limitInvalid" })
		.max(1000, { message: "limitInvalid" })
		.default(100),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const userIdParamsSchema = z.object({ user_id: uuid() });

const signupFields = {
	email: email(),
	full_name: fullName().nullish(),
	password: password(),
	confirm_password: optionalBoundedText(),
};
const passwordsMatch = matching<{ password: string; confirm_password?: string }>(
	"password",
	"confirm_password",
	"passwordsDoNotMatch",
);

/**
 * POST /users/signup. FastAPI-template scripts send no confirm_password; when sent, it must
 * match. The name is optional and at most 255 long here; the sign-up form asks for more.
 */
export const signupSchema = z.object(signupFields).refine(passwordsMatch.check, passwordsMatch.params);
export type SignupInput = z.infer<typeof signupSchema>;

/** The sign-up form: full name and confirmation are required there. */
export const signupFormSchema = z
	.object({
		...signupFields,
		full_name: fullName()
			.min(1, { message: "fullNameRequired" })
			.min(3, { message: "fullNameMin", ...whenFilled }),
		confirm_password: boundedText("confirmPasswordRequired").min(1, { message: "confirmPasswordRequired" }),
	})
	.refine(passwordsMatch.check, passwordsMatch.params);

/** POST /users/ (admin): a password, or `invite: true` to let the user choose one by an e-mailed link. */
const createMatch = matching<{ password: string; confirm_password?: string }>(
	"password",
	"confirm_password",
	"thePasswordsDoNotMatch",
);
type CreateBody = { password?: unknown; invite?: unknown };
/** Run beside the fields' own checks, so a missing password is reported with the other failures. */
const whenObject = {
	when: (payload: { value: unknown }) => typeof payload.value === "object" && payload.value !== null,
};
export const userCreateFields = {
	email: email(),
	full_name: fullName().nullish(),
	password: password().optional(),
	confirm_password: optionalBoundedText(),
	is_superuser: bool().default(false),
	is_active: bool().default(true),
	/** Sends a `Set your password` link instead of taking a password. */
	invite: bool().optional(),
};
export const userCreateSchema = z
	.object(userCreateFields)
	// Without an invitation the password is required, and missing it is the 422 it always was.
	.refine((value: CreateBody) => value.invite === true || value.password !== undefined, {
		message: "passwordRequired",
		path: ["password"],
		...whenObject,
	})
	.refine((value: CreateBody) => !(value.invite === true && value.password !== undefined), {
		message: "inviteWithPassword",
		path: ["invite"],
		...whenObject,
	})
	.refine(createMatch.check as (value: CreateBody) => boolean, createMatch.params);
export type UserCreateInput = z.infer<typeof userCreateSchema>;

/** PATCH /users/{id} (admin): every field optional. */
export const userUpdateSchema = z.object({
	email: email().optional(),
	full_name: fullName().nullish(),
	password: password().optional(),
	is_superuser: bool().optional(),
	is_active: bool().optional(),
	/** Marks the address proved (or not) by hand; an address an admin sets counts as proved unless this says false. */
	email_verified: bool().optional(),
});
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;

/** PATCH /users/me: a name of at most 255, as in the FastAPI template. */
export const userUpdateMeSchema = z.object({
	email: email().optional(),
	full_name: fullName().nullish(),
});

/** The profile form's name: the product allows 30 characters there. */
export const profileFullName = () => fullName(30, "fullNameMax");
export type UserUpdateMeInput = z.infer<typeof userUpdateMeSchema>;

const newPasswordMatch = matching<{ new_password: string; confirm_password?: string }>(
	"new_password",
	"confirm_password",
	"thePasswordsDoNotMatch",
);
const passwordChangeFields = {
	current_password: password("fieldRequired"),
	new_password: password("fieldRequired"),
	confirm_password: optionalBoundedText(),
};

/** PATCH /users/me/password. */
export const updatePasswordSchema = z
	.object(passwordChangeFields)
	.refine(newPasswordMatch.check, newPasswordMatch.params);
export type UpdatePasswordInput = z.infer<typeof updatePasswordSchema>;

/** The password form: confirmation required there. */
export const updatePasswordFormSchema = z
	.object({
		...passwordChangeFields,
		confirm_password: boundedText("passwordConfirmationRequired").min(1, { message: "passwordConfirmationRequired" }),
	})
	.refine(newPasswordMatch.check, newPasswordMatch.params);
