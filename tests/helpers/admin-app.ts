import { buildTestApp } from "./build-test-app.ts";
import { seedUser } from "./seed.ts";

export const FORBIDDEN = { detail: "The user doesn't have enough privileges" };
export const USER_KEYS = ["created_at", "email", "full_name", "id", "is_active", "is_superuser"];

/** A test app with one superuser, admin@example.com. */
export async function adminApp(env: Record<string, string> = {}) {
	const test = await buildTestApp(env);
	const admin = await seedUser(test.app, { isSuperuser: true, email: "admin@example.com" });
	return { ...test, admin };
}
