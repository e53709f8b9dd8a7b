import { describe, expect, it } from "vitest";
import { resetPasswordFormSchema } from "../../../shared/schemas/auth.ts";
import { signupFormSchema, updatePasswordFormSchema, userCreateSchema } from "../../../shared/schemas/users.ts";

const messagesAt = (result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }, field: string) =>
	(result.error?.issues ?? []).filter((issue) => issue.path.join(".") === field).map((issue) => issue.message);

describe("shared form schemas report every failure at once", () => {
	it("signup: a mismatch is reported even while other fields are empty", () => {
		const result = signupFormSchema.safeParse({
			full_name: "",
			email: "",
			password: "long-enough-1",
			confirm_password: "other-one-22",
		});
		expect(messagesAt(result, "email")).toEqual(["emailRequired"]);
		expect(messagesAt(result, "full_name")).toEqual(["fullNameRequired"]);
		expect(messagesAt(result, "confirm_password")).toEqual(["passwordsDoNotMatch"]);
	});

	it("an empty field says only that it is required", () => {
		const result = signupFormSchema.safeParse({ full_name: "", email: "", password: "", confirm_password: "" });
		expect(messagesAt(result, "email")).toEqual(["emailRequired"]);
		expect(messagesAt(result, "full_name")).toEqual(["fullNameRequired"]);
		expect(messagesAt(result, "password")).toEqual(["passwordRequired"]);
	});

	it("password change and reset: the same", () => {
		const change = updatePasswordFormSchema.safeParse({
			current_password: "",
			new_password: "long-enough-1",
			confirm_password: "x",
		});
		expect(messagesAt(change, "current_password")).toEqual(["fieldRequired"]);
		expect(messagesAt(change, "confirm_password")).toEqual(["thePasswordsDoNotMatch"]);
		const reset = resetPasswordFormSchema.safeParse({
			token: "",
			new_password: "long-enough-1",
			confirm_password: "x",
		});
		expect(messagesAt(reset, "confirm_password")).toEqual(["passwordsDoNotMatch"]);
	});

	it("API bodies without a confirmation are still accepted, and a wrong one refused", () => {
		const body = { email: "a@example.com", password: "long-enough-1" };
		expect(userCreateSchema.safeParse(body).success).toBe(true);
		expect(messagesAt(userCreateSchema.safeParse({ ...body, confirm_password: "nope" }), "confirm_password")).toEqual([
			"thePasswordsDoNotMatch",
		]);
	});
});
