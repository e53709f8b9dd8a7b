import { atomically } from "../../db/transaction.ts";
import { fail } from "../../domain/errors.ts";
import { hashKeys } from "../../lib/passwords.ts";
import { recordAudit } from "../audit/record.ts";
import type { ServiceDeps } from "../deps.ts";
import { findUserByEmail, findUserById, setPassword } from "../users/records.ts";

/**
 * An operator sets a user's password (CLI `reset-password`): like a reset by e-mail, it
 * ends every session and outstanding reset link, and lifts the failed-login back-off.
 */
export async function setPasswordAsOperator(deps: ServiceDeps, email: string, password: string): Promise<void> {
	const user = (await findUserByEmail(deps, email)) ?? fail("USER_EMAIL_NOT_FOUND");
	const hashedPassword = await deps.passwords.hash(password, hashKeys(email));
	await atomically(deps, async (deps) => {
		// Deleted while hashing: say so rather than report a password set on nobody.
		if (!(await findUserById(deps, user.id))) fail("USER_EMAIL_NOT_FOUND");
		await setPassword(deps, user, hashedPassword);
		await recordAudit(deps, { action: "password.reset", subject: user, details: { by: "operator" } });
	});
}
