import { DomainError } from "../../domain/errors.ts";
import { randomPassword } from "../../lib/passwords.ts";
import { recordAudit } from "../audit/record.ts";
import type { ServiceDeps } from "../deps.ts";
import { findUserByEmail, insertUser } from "../users/records.ts";

/**
 * A superuser made by the operator (the CLI, or FIRST_SUPERUSER_* at the first start):
 * active, verified, with an audit row naming no actor. CREATE_EMAIL_TAKEN when the
 * e-mail is in use.
 */
export const createSuperuserAccount = async (
	deps: ServiceDeps,
	account: { email: string; password: string },
	by: "operator" | "first start",
) =>
	insertUser(
		deps,
		{ ...account, fullName: null, isActive: true, isSuperuser: true, emailVerified: true },
		"CREATE_EMAIL_TAKEN",
		{
			afterInsert: async (deps, user) =>
				recordAudit(deps, { action: "admin.user_create", subject: user, details: { is_superuser: true, by } }),
		},
	);

/**
 * Makes sure FIRST_SUPERUSER_EMAIL exists. Without FIRST_SUPERUSER_PASSWORD a random
 * password is made and returned, so the caller can print it once. Instances started
 * together on one database race here: the one whose insert loses finds the account made
 * by the other and starts as if it had been there.
 */
export async function ensureFirstSuperuser(
	deps: ServiceDeps,
): Promise<{ created: boolean; generatedPassword?: string }> {
	const { email, password } = deps.config.firstSuperuser;
	if (await findUserByEmail(deps, email)) return { created: false };
	const generatedPassword = password === undefined ? randomPassword() : undefined;
	try {
		await createSuperuserAccount(deps, { email, password: password ?? (generatedPassword as string) }, "first start");
	} catch (error) {
		const lostTheRace =
			error instanceof DomainError &&
			error.reason === "CREATE_EMAIL_TAKEN" &&
			(await findUserByEmail(deps, email)) !== undefined;
		if (lostTheRace) return { created: false };
		throw error;
	}
	return { created: true, generatedPassword };
}
