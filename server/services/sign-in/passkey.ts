import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { and, eq } from "drizzle-orm";
import type { TokenPair } from "../../../shared/schemas/auth.ts";
import type { AuthenticationResponseInput, PasskeyLoginInput } from "../../../shared/schemas/passkeys.ts";
import { first } from "../../db/query.ts";
import { type PasskeyRow, passkeys } from "../../db/schema.ts";
import { atomically } from "../../db/transaction.ts";
import { fail } from "../../domain/errors.ts";
import { challengeOf, loadWebAuthn, relyingParty } from "../../lib/webauthn.ts";
import { recordAudit } from "../audit/record.ts";
import type { RequestMeta, ServiceDeps } from "../deps.ts";
import { passkeysOf, transportsOf } from "../factors/passkeys.ts";
import { type ChallengePurpose, keepChallenge, takeChallenge } from "../factors/webauthn-challenges.ts";
import { atomicallyAs } from "../sessions/acting-session.ts";
import { markAuthenticated, type SessionPrincipal } from "../sessions/session.ts";
import { findUserById } from "../users/records.ts";
import { type Admission, admit, answerAdmission, type ProofRefused } from "./admission.ts";

/**
 * Signing in with a passkey, and confirming one's identity with one. A passkey made with
 * user verification is two factors at once (the device, and the PIN or fingerprint that
 * unlocks it): its sign-in asks for no two-factor code, and counts as a fresh proof of
 * identity like a password.
 */

/** For a signed-in caller (`auth`), the challenge is kept only while their session still holds. */
async function requestOptions(
	deps: ServiceDeps,
	purpose: ChallengePurpose,
	auth: SessionPrincipal | null,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
	const user = auth?.user;
	const { generateAuthenticationOptions } = await loadWebAuthn();
	const options = await generateAuthenticationOptions({
		rpID: relyingParty(deps.config.publicUrl).id,
		// None for a sign-in: the browser offers every passkey it holds for this site.
		allowCredentials: user
			? (await passkeysOf(deps, user.id)).map((row) => ({ id: row.id, transports: transportsOf(row) }))
			: [],
		userVerification: "required",
	});
	if (auth)
		await atomicallyAs(deps, auth, async (deps, now) => keepChallenge(deps, options.challenge, purpose, now.user.id));
	else await keepChallenge(deps, options.challenge, purpose, null);
	return options;
}

/** Options for a sign-in without an e-mail (discoverable credentials); throttled like a login. */
export async function loginOptions(
	deps: ServiceDeps,
	meta: RequestMeta,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
	await deps.limiter.take(deps, "login", meta.ip);
	return requestOptions(deps, "login", null);
}

/** Options to confirm the caller's identity with one of their passkeys. */
export async function reauthenticationOptions(
	deps: ServiceDeps,
	auth: SessionPrincipal,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
	return requestOptions(deps, "reauthenticate", auth);
}

type Checked = { passkey: PasskeyRow; newCounter: number } | { failed: PasskeyRow | undefined };

/**
 * Whether a signed challenge holds: the challenge is one we kept for this ceremony (taken
 * now, so never twice, and for a signed-in caller only while their session holds), the
 * passkey is known (and the caller's, when there is one),
 * the signature is its key's over our relying party, origin and challenge, with the user
 * verified, and the user handle, when sent, names the passkey's owner.
 */
async function checkAssertion(
	deps: ServiceDeps,
	response: AuthenticationResponseInput,
	purpose: ChallengePurpose,
	auth: SessionPrincipal | null,
): Promise<Checked> {
	const userId = auth?.user.id ?? null;
	const { verifyAuthenticationResponse } = await loadWebAuthn();
	const challenge = challengeOf(response.response.clientDataJSON);
	const passkey = await first(
		deps.db
			.select()
			.from(passkeys)
			.where(userId ? and(eq(passkeys.id, response.id), eq(passkeys.userId, userId)) : eq(passkeys.id, response.id)),
	);
	const taken = auth
		? await atomicallyAs(deps, auth, async (deps, now) => takeChallenge(deps, challenge, purpose, now.user.id))
		: await takeChallenge(deps, challenge, purpose, null);
	if (!taken || !passkey) return { failed: passkey };
	const { userHandle } = response.response;
	if (userHandle && Buffer.from(userHandle, "base64url").toString("utf8") !== passkey.userId)
		return { failed: passkey };
	const rp = relyingParty(deps.config.publicUrl);
	const result = await verifyAuthenticationResponse({
		response,
		expectedChallenge: challenge ?? "",
		expectedOrigin: rp.origin,
		expectedRPID: rp.id,
		credential: {
			id: passkey.id,
			publicKey: new Uint8Array(passkey.publicKey),
			counter: passkey.counter,
			transports: transportsOf(passkey),
		},
		requireUserVerification: true,
	}).catch(() => null);
	return result?.verified ? { passkey, newCounter: result.authenticationInfo.newCounter } : { failed: passkey };
}

/** The passkey was used: its signature counter and when. Inside the use's transaction. */
async function markUsed(deps: ServiceDeps, checked: { passkey: PasskeyRow; newCounter: number }): Promise<void> {
	await deps.db
		.update(passkeys)
		.set({ counter: checked.newCounter, lastUsedAt: deps.clock() })
		.where(eq(passkeys.id, checked.passkey.id));
}

/**
 * POST /login/passkey: the owner of the passkey that signed our challenge asks the
 * admission for a session (the same rules as a password, without a second factor: the
 * passkey is both). Anything wrong with the passkey itself is one answer, "Invalid
 * passkey", recorded as a failed login.
 */
export async function loginWithPasskey(
	deps: ServiceDeps,
	input: PasskeyLoginInput,
	meta: RequestMeta,
): Promise<TokenPair> {
	await deps.limiter.take(deps, "login", meta.ip);
	const checked = await checkAssertion(deps, input.response, "login", null);
	const outcome = await atomically(deps, async (deps): Promise<Admission | ProofRefused> => {
		const owner = "passkey" in checked ? await findUserById(deps, checked.passkey.userId) : undefined;
		// Removed meanwhile (the owner deleted, or the passkey removed, since the check).
		const stillThere =
			"passkey" in checked &&
			(await first(deps.db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.id, checked.passkey.id))));
		if (!("passkey" in checked) || !owner || !stillThere) {
			const subject =
				"failed" in checked && checked.failed ? await findUserById(deps, checked.failed.userId) : undefined;
			await recordAudit(deps, {
				action: "auth.login_failed",
				subject: subject ?? null,
				meta,
				details: { method: "passkey" },
			});
			return { refused: "INVALID_PASSKEY" };
		}
		const admission = await admit(deps, owner, { method: "passkey" }, meta);
		if ("admitted" in admission) await markUsed(deps, checked);
		return admission;
	});
	return answerAdmission(deps, outcome, meta);
}

/**
 * POST /login/reauthenticate with `passkey`: one of the caller's passkeys signed the
 * challenge of POST /login/reauthenticate/options. Never ends the session.
 */
export async function reauthenticateWithPasskey(
	deps: ServiceDeps,
	auth: SessionPrincipal,
	response: AuthenticationResponseInput,
	meta: RequestMeta,
): Promise<{ message: string }> {
	const checked = await checkAssertion(deps, response, "reauthenticate", auth);
	const confirmed = await atomicallyAs(deps, auth, async (deps, { user }) => {
		if (!("passkey" in checked)) {
			await recordAudit(deps, {
				action: "auth.login_failed",
				subject: user,
				meta,
				details: { during: "reauthenticate" },
			});
			return false;
		}
		await markUsed(deps, checked);
		await markAuthenticated(deps, auth.session.id);
		await recordAudit(deps, {
			action: "auth.reauthenticate",
			actor: user,
			subject: user,
			meta,
			details: { method: "passkey" },
		});
		return true;
	});
	if (!confirmed) fail("INVALID_PASSKEY");
	return { message: "Identity confirmed" };
}
