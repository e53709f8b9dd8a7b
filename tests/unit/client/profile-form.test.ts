import { describe, expect, it } from "vitest";
import {
	canSaveProfile,
	profileFormDefaults,
	profileFormSchema,
	profileSavePlan,
} from "../../../client/features/profile/profile-form-schema.ts";

const valid = {
	full_name: "Ada Lovelace",
	email: "Ada@Example.com",
	age: "36",
	gender: "female",
	height_cm: "165.5",
	current_weight_kg: "60",
	phone: "+44 (20) 123-4567",
	profile_image_url: "",
};

/** Every message key the form reports for a field, as react-hook-form's criteriaMode "all" would. */
const messages = (values: Partial<typeof valid>, field: keyof typeof valid) => {
	const result = profileFormSchema.safeParse({ ...valid, ...values });
	return result.success ? [] : result.error.issues.filter((i) => i.path[0] === field).map((i) => i.message);
};

describe("profile form schema", () => {
	it("turns the strings of the form into the API's values", () => {
		const out = profileFormSchema.parse(valid);
		expect(out).toMatchObject({
			full_name: "Ada Lovelace",
			email: "ada@example.com",
			age: 36,
			gender: "female",
			height_cm: 165.5,
			current_weight_kg: 60,
			phone: "+44 (20) 123-4567",
		});
	});

	it("clears blank optional fields to null", () => {
		const out = profileFormSchema.parse({ ...valid, full_name: " ", age: "", gender: "", phone: "", height_cm: "" });
		expect(out).toMatchObject({ full_name: null, age: null, gender: null, phone: null, height_cm: null });
	});

	it("checks both sides of every bound", () => {
		expect(messages({ age: "12" }, "age")).toEqual(["ageRange"]);
		expect(messages({ age: "13" }, "age")).toEqual([]);
		expect(messages({ age: "120" }, "age")).toEqual([]);
		expect(messages({ age: "121" }, "age")).toEqual(["ageRange"]);
		expect(messages({ age: "20.5" }, "age")).toEqual(["mustBeWholeNumber"]);
		expect(messages({ age: "abc" }, "age")).toEqual(["mustBeNumber"]);
		expect(messages({ height_cm: "49.9" }, "height_cm")).toEqual(["heightRange"]);
		expect(messages({ height_cm: "300.1" }, "height_cm")).toEqual(["heightRange"]);
		expect(messages({ height_cm: "170.25" }, "height_cm")).toEqual(["oneDecimal"]);
		expect(messages({ current_weight_kg: "19" }, "current_weight_kg")).toEqual(["weightRange"]);
		expect(messages({ current_weight_kg: "501" }, "current_weight_kg")).toEqual(["weightRange"]);
		expect(messages({ current_weight_kg: "500" }, "current_weight_kg")).toEqual([]);
		expect(messages({ phone: "12345678901234567890" }, "phone")).toEqual([]);
		expect(messages({ phone: "123456789012345678901" }, "phone")).toEqual(["phoneInvalid"]);
		expect(messages({ phone: "call me" }, "phone")).toEqual(["phoneInvalid"]);
		expect(messages({ full_name: "x".repeat(30) }, "full_name")).toEqual([]);
		expect(messages({ full_name: "x".repeat(31) }, "full_name")).toEqual(["fullNameMax"]);
	});

	it("reports every failure of one field", () => {
		expect(messages({ phone: "call me at 555 555 555 555" }, "phone")).toEqual(["phoneInvalid", "phoneInvalid"]);
	});

	it("requires a valid e-mail", () => {
		expect(messages({ email: "" }, "email")).toEqual(["emailRequired"]);
		expect(messages({ email: "nope" }, "email")).toEqual(["emailInvalid"]);
	});
});

describe("save rule and plan", () => {
	it("enables Save Changes only when dirty and an e-mail is present", () => {
		expect(canSaveProfile(false, "a@b.co")).toBe(false);
		expect(canSaveProfile(true, "")).toBe(false);
		expect(canSaveProfile(true, "   ")).toBe(false);
		expect(canSaveProfile(true, undefined)).toBe(false);
		expect(canSaveProfile(true, "a@b.co")).toBe(true);
	});

	it("sends the user part and the profile part only when their fields changed", () => {
		const out = profileFormSchema.parse(valid);
		expect(profileSavePlan(out, { full_name: true })).toEqual({
			user: { full_name: "Ada Lovelace", email: "ada@example.com" },
			profile: null,
		});
		const onlyProfile = profileSavePlan(out, { age: true });
		expect(onlyProfile.user).toBeNull();
		expect(onlyProfile.profile).toEqual({
			age: 36,
			gender: "female",
			height_cm: 165.5,
			current_weight_kg: 60,
			phone: "+44 (20) 123-4567",
		});
		expect(profileSavePlan(out, { profile_image_url: true })).toEqual({ user: null, profile: null });
	});

	it("fills the form from the user and the profile, blanks for nulls", () => {
		const values = profileFormDefaults(
			{
				id: "1",
				email: "a@b.co",
				full_name: null,
				is_active: true,
				is_superuser: false,
				email_verified: true,
				created_at: "",
			},
			{
				user_id: "1",
				age: 40,
				gender: null,
				height_cm: 180.5,
				current_weight_kg: null,
				phone: null,
				profile_image_url: "/x",
			},
		);
		expect(values).toEqual({
			full_name: "",
			email: "a@b.co",
			age: "40",
			gender: "",
			height_cm: "180.5",
			current_weight_kg: "",
			phone: "",
			profile_image_url: "/x",
		});
		expect(profileFormSchema.safeParse(values).success).toBe(true);
	});
});
