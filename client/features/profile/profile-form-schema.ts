import { z } from "zod";
import { type Profile, type ProfileInput, profileFields } from "../../../shared/schemas/profile.ts";
import {
	profileFullName,
	type UserPublic,
	type UserUpdateMeInput,
	userUpdateMeSchema,
} from "../../../shared/schemas/users.ts";

const blankToNull = (value: string) => (value.trim() === "" ? null : value);
const numberOrNull = (value: string) => (value.trim() === "" ? null : Number(value.trim().replace(",", ".")));

/**
 * The profile form over the shared rules: inputs hold strings, which become what
 * users.updateMe and profile.update take. The e-mail is required here (optional in the API),
 * and the name is at most 30 long (255 in the API).
 */
export const profileFormSchema = z.object({
	full_name: z.string().transform(blankToNull).pipe(profileFullName().nullable()),
	email: userUpdateMeSchema.shape.email.unwrap(),
	age: z.string().transform(numberOrNull).pipe(profileFields.age.unwrap()),
	gender: z.string().transform(blankToNull).pipe(profileFields.gender.unwrap()),
	height_cm: z.string().transform(numberOrNull).pipe(profileFields.height_cm.unwrap()),
	current_weight_kg: z.string().transform(numberOrNull).pipe(profileFields.current_weight_kg.unwrap()),
	phone: z.string().transform(blankToNull).pipe(profileFields.phone.unwrap()),
	profile_image_url: z.string(),
});

export type ProfileFormValues = z.input<typeof profileFormSchema>;
export type ProfileFormOutput = z.output<typeof profileFormSchema>;
export type ProfileFormField = keyof ProfileFormValues;

export const userFields = ["full_name", "email"] as const satisfies readonly ProfileFormField[];
export const profileDataFields = [
	"age",
	"gender",
	"height_cm",
	"current_weight_kg",
	"phone",
] as const satisfies readonly ProfileFormField[];

const str = (value: string | number | null | undefined) => (value === null || value === undefined ? "" : String(value));

export function profileFormDefaults(user: UserPublic | undefined, profile: Profile | undefined): ProfileFormValues {
	return {
		full_name: str(user?.full_name),
		email: str(user?.email),
		age: str(profile?.age),
		gender: str(profile?.gender),
		height_cm: str(profile?.height_cm),
		current_weight_kg: str(profile?.current_weight_kg),
		phone: str(profile?.phone),
		profile_image_url: str(profile?.profile_image_url),
	};
}

/** Save Changes is enabled only when something changed and an e-mail is present. */
export const canSaveProfile = (isDirty: boolean, email: string | undefined) => isDirty && (email ?? "").trim() !== "";

export type ProfileSavePlan = { user: UserUpdateMeInput | null; profile: ProfileInput | null };

/**
 * What a save sends: the user part when its fields changed, the profile part when its
 * fields changed. The image is not part of it: it is saved at once on upload or removal.
 */
export function profileSavePlan(
	values: ProfileFormOutput,
	dirty: Partial<Record<ProfileFormField, unknown>>,
): ProfileSavePlan {
	const userChanged = userFields.some((field) => dirty[field]);
	const profileChanged = profileDataFields.some((field) => dirty[field]);
	return {
		user: userChanged ? { full_name: values.full_name ?? null, email: values.email } : null,
		profile: profileChanged
			? {
					age: values.age ?? null,
					gender: values.gender ?? null,
					height_cm: values.height_cm ?? null,
					current_weight_kg: values.current_weight_kg ?? null,
					phone: values.phone ?? null,
				}
			: null,
	};
}
