import type { ServiceDeps } from "./deps.ts";
import { randomPassword } from "./passwords.ts";
import { findUserByEmail, insertUser } from "./users.ts";

/**
 * Makes sure FIRST_SUPERUSER_EMAIL exists. Without FIRST_SUPERUSER_PASSWORD a random
 * password is made and returned, so the caller can print it once.
 */
export async function ensureFirstSuperuser(
	deps: ServiceDeps,
): Promise<{ created: boolean; generatedPassword?: string }> {
	const { email, password } = deps.config.firstSuperuser;
	if (findUserByEmail(deps, email)) return { created: false };
	const generatedPassword = password === undefined ? randomPassword() : undefined;
	await insertUser(
		deps,
		{ email, fullName: null, password: password ?? (generatedPassword as string), isActive: true, isSuperuser: true },
		"CREATE_EMAIL_TAKEN",
	);
	return { created: true, generatedPassword };
}
