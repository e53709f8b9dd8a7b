import { i18nObject } from "typesafe-i18n";
import { describe, expect, it } from "vitest";
import { deleteConfirmText } from "../../../client/features/admin/display-name.ts";
import { pageCount, pageNumbers } from "../../../client/features/admin/paging.ts";
import {
	addUserDefaults,
	addUserFormSchema,
	editUserChanges,
	editUserDefaults,
	editUserFormSchema,
} from "../../../client/features/admin/user-form-schemas.ts";
import { displayName } from "../../../client/lib/display-name.ts";
import arAdmin from "../../../shared/i18n/ar/admin/index.ts";
import enAdmin from "../../../shared/i18n/en/admin/index.ts";
import frAdmin from "../../../shared/i18n/fr/admin/index.ts";

const LL = (dict: typeof enAdmin) => i18nObject("en", { admin: dict });

describe("delete confirmation text", () => {
	it("names the user by full name, else by e-mail", () => {
		expect(displayName({ full_name: "Ada", email: "a@b.co" })).toBe("Ada");
		expect(displayName({ full_name: null, email: "a@b.co" })).toBe("a@b.co");
		expect(displayName({ full_name: "  ", email: "a@b.co" })).toBe("a@b.co");
	});

	it("fills the product's sentence in every language", () => {
		const user = { full_name: null, email: "a@b.co" };
		expect(deleteConfirmText(user, LL(enAdmin).admin.deleteDialog.text)).toBe(
			"Are you sure you want to delete a@b.co? This action cannot be undone.",
		);
		expect(deleteConfirmText({ ...user, full_name: "Ada" }, LL(frAdmin).admin.deleteDialog.text)).toContain("Ada");
		expect(deleteConfirmText(user, LL(arAdmin).admin.deleteDialog.text)).toContain("a@b.co");
	});
});

describe("paging", () => {
	it("counts pages, at least one", () => {
		expect(pageCount(0)).toBe(1);
		expect(pageCount(5)).toBe(1);
		expect(pageCount(6)).toBe(2);
		expect(pageCount(11)).toBe(3);
	});

	it("lists all page numbers when few, a window with gaps when many", () => {
		expect(pageNumbers(1, 3)).toEqual([1, 2, 3]);
		expect(pageNumbers(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
		expect(pageNumbers(1, 10)).toEqual([1, 2, null, 10]);
		expect(pageNumbers(10, 10)).toEqual([1, null, 9, 10]);
	});
});

describe("add user form", () => {
	const errors = (values: Partial<typeof addUserDefaults>) => {
		const result = addUserFormSchema.safeParse({ ...addUserDefaults, ...values });
		return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
	};

	it("starts invalid with both checkboxes off", () => {
		expect(addUserDefaults.is_superuser).toBe(false);
		expect(addUserDefaults.is_active).toBe(false);
		expect(addUserFormSchema.safeParse(addUserDefaults).success).toBe(false);
	});

	it("requires e-mail, an 8-character password and a matching confirmation", () => {
		expect(errors({})).toMatchObject({
			email: "emailRequired",
			password: "passwordRequired",
			confirm_password: "passwordConfirmationRequired",
		});
		expect(errors({ email: "x", password: "short" })).toMatchObject({ email: "emailInvalid", password: "passwordMin" });
		expect(errors({ email: "n@b.co", password: "longenough", confirm_password: "different" })).toEqual({
			confirm_password: "thePasswordsDoNotMatch",
		});
		expect(errors({ email: "n@b.co", password: "longenough", confirm_password: "longenough" })).toEqual({});
	});
});

describe("edit user form", () => {
	const user = { email: "u@b.co", full_name: null, is_superuser: false, is_active: true };

	it("keeps the password when left empty and sends it when typed", () => {
		const out = editUserFormSchema.parse(editUserDefaults(user));
		expect(editUserChanges(out)).toEqual({ email: "u@b.co", full_name: null, is_superuser: false, is_active: true });
		const withPassword = editUserFormSchema.parse({ ...editUserDefaults(user), password: "newpassword" });
		expect(editUserChanges(withPassword)).toMatchObject({ password: "newpassword" });
	});

	it("requires a valid e-mail and refuses a short password", () => {
		const bad = editUserFormSchema.safeParse({ ...editUserDefaults(user), email: "", password: "short" });
		expect(bad.success ? [] : bad.error.issues.map((i) => i.message)).toEqual(["emailRequired", "passwordMin"]);
	});
});
