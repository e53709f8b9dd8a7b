import { z } from "zod";

export const genders = ["male", "female", "other", "prefer_not_to_say"] as const;
export type Gender = (typeof genders)[number];

const number = () => z.number({ error: "mustBeNumber" });
const hasAtMostOneDecimal = (value: number) => /^-?\d+(\.\d)?$/.test(String(value));

/** Every field is optional and nullable: null clears it. */
export const profileFields = {
	age: number()
		.int({ message: "mustBeWholeNumber" })
		.min(13, { message: "ageRange" })
		.max(120, { message: "ageRange" })
		.nullish(),
	gender: z.enum(genders, { error: "genderInvalid" }).nullish(),
	height_cm: number()
		.min(50, { message: "heightRange" })
		.max(300, { message: "heightRange" })
		.refine(hasAtMostOneDecimal, { message: "oneDecimal" })
		.nullish(),
	current_weight_kg: number()
		.min(20, { message: "weightRange" })
		.max(500, { message: "weightRange" })
		.refine(hasAtMostOneDecimal, { message: "oneDecimal" })
		.nullish(),
	phone: z
		.string({ error: "mustBeText" })
		.trim()
		.max(20, { message: "phoneInvalid" })
		.regex(/^[0-9 ()+-]*$/, { message: "phoneInvalid" })
		.nullish(),
	profile_image_url: z.string({ error: "mustBeText" }).max(500, { message: "urlInvalid" }).nullish(),
};

/** PUT, POST and PATCH /profile/me. Unknown keys are refused so a typo is not silently dropped. */
export const profileInputSchema = z.strictObject(profileFields, { error: "unknownField" });
export type ProfileInput = z.infer<typeof profileInputSchema>;

export const profileSchema = z.object({
	user_id: z.string(),
	age: z.number().nullable(),
	gender: z.enum(genders).nullable(),
	height_cm: z.number().nullable(),
	current_weight_kg: z.number().nullable(),
	phone: z.string().nullable(),
	profile_image_url: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const publicProfileSchema = z.object({
	user_id: z.string(),
	full_name: z.string().nullable(),
	profile_image_url: z.string().nullable(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

export const profileImageQuerySchema = z.object({ image_url: z.string({ error: "mustBeText" }).max(500).default("") });
