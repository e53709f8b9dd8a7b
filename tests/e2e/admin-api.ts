import type { APIRequestContext } from "@playwright/test";
import { ADMIN, expect, PASSWORD, uniqueEmail } from "./fixtures.ts";

export type ApiUser = { id: string; email: string; full_name: string | null };

/** The first superuser's bearer header, for setting up users over REST. */
export async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
	const response = await request.post("/api/v1/login/access-token", {
		form: { username: ADMIN.email, password: ADMIN.password },
	});
	expect(response.ok(), await response.text()).toBe(true);
	const { access_token } = (await response.json()) as { access_token: string };
	return { authorization: `Bearer ${access_token}` };
}

/** A user made by the first superuser (password PASSWORD). */
export async function createUserAsAdmin(
	request: APIRequestContext,
	options: { fullName?: string; isSuperuser?: boolean; isActive?: boolean; email?: string } = {},
): Promise<ApiUser> {
	const response = await request.post("/api/v1/users/", {
		headers: await adminHeaders(request),
		data: {
			email: options.email ?? uniqueEmail("polish"),
			full_name: options.fullName ?? "Listed Person",
			password: PASSWORD,
			is_superuser: options.isSuperuser ?? false,
			is_active: options.isActive ?? true,
		},
	});
	expect(response.ok(), await response.text()).toBe(true);
	return (await response.json()) as ApiUser;
}
