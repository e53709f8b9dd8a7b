import { describe, expect, it } from "vitest";
import {
	ariaSort,
	CLEAR_FILTERS,
	isFiltered,
	listInput,
	nextSort,
	readListParams,
	withListChange,
} from "../../../client/features/admin/list-params.ts";
import { addUserDefaults, addUserFormSchema, addUserInput } from "../../../client/features/admin/user-form-schemas.ts";
import { userListQuerySchema } from "../../../shared/schemas/user-list.ts";

const url = (query: string) => new URLSearchParams(query);

describe("the admin list's URL", () => {
	it("reads search, filters, sort and page; unknown values are as if absent", () => {
		expect(readListParams(url(""))).toEqual({ q: "", sort: "-created_at", page: 1 });
		expect(
			readListParams(url("q=%20ada%20&role=superuser&status=inactive&verified=false&sort=full_name&page=3")),
		).toEqual({ q: "ada", role: "superuser", status: "inactive", verified: "false", sort: "full_name", page: 3 });
		expect(readListParams(url("role=admin&status=x&verified=1&sort=name&page=abc"))).toEqual({
			q: "",
			sort: "-created_at",
			page: 1,
		});
	});

	it("a change keeps the other keys, drops empty values and defaults, and goes back to page 1", () => {
		const next = withListChange(url("q=ada&role=user&page=4&sort=email"), { role: undefined, status: "active" });
		expect(next.toString()).toBe("q=ada&sort=email&status=active");
		expect(withListChange(url("sort=email"), { sort: "-created_at" }).toString()).toBe("");
		expect(
			withListChange(url("q=ada&role=user&verified=true&status=active&sort=email&page=2"), CLEAR_FILTERS).toString(),
		).toBe("sort=email");
	});

	it("asks admin.list only for what is set, so an unfiltered list is the request it always was", () => {
		expect(listInput(readListParams(url("")))).toEqual({ skip: 0, limit: 5 });
		const input = listInput(readListParams(url("q=ada&role=user&status=active&verified=true&sort=email&page=3")));
		expect(input).toEqual({
			skip: 10,
			limit: 5,
			q: "ada",
			role: "user",
			status: "active",
			verified: "true",
			sort: "email",
		});
		// What the client sends, the server's schema takes.
		expect(userListQuerySchema.safeParse(input).success).toBe(true);
	});

	it("knows when the list is filtered (a sort alone is not a filter)", () => {
		expect(isFiltered(readListParams(url("sort=email&page=2")))).toBe(false);
		for (const query of ["q=a", "role=user", "status=active", "verified=false"])
			expect(isFiltered(readListParams(url(query))), query).toBe(true);
	});

	it("a header click sorts by its column, then the other way; aria-sort says which", () => {
		expect(nextSort("-created_at", "full_name")).toBe("full_name");
		expect(nextSort("full_name", "full_name")).toBe("-full_name");
		expect(nextSort("-full_name", "full_name")).toBe("full_name");
		expect(nextSort("email", "created_at")).toBe("-created_at");
		expect(nextSort("-created_at", "created_at")).toBe("created_at");
		expect(ariaSort("email", "email")).toBe("ascending");
		expect(ariaSort("-email", "email")).toBe("descending");
		expect(ariaSort("-email", "full_name")).toBeUndefined();
	});
});

describe("Add User with an invitation", () => {
	const valid = { ...addUserDefaults, email: "new@example.com", full_name: " New Person " };

	it("needs no password, and sends none even when one was typed before the box was ticked", () => {
		const parsed = addUserFormSchema.parse({ ...valid, invite: true, password: "typed-then-hidden" });
		expect(addUserInput(parsed)).toEqual({
			email: "new@example.com",
			full_name: "New Person",
			is_superuser: false,
			is_active: false,
			invite: true,
		});
	});

	it("without it, the password and its confirmation are required as before", () => {
		const result = addUserFormSchema.safeParse(valid);
		expect(result.success ? [] : result.error.issues.map((issue) => issue.path.join("."))).toEqual([
			"password",
			"confirm_password",
		]);
		const parsed = addUserFormSchema.parse({ ...valid, password: "long-enough", confirm_password: "long-enough" });
		expect(addUserInput(parsed)).toMatchObject({ password: "long-enough", confirm_password: "long-enough" });
		expect(addUserInput(parsed)).not.toHaveProperty("invite");
	});
});
