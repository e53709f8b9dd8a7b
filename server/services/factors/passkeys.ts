import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { and, asc, eq } from "drizzle-orm";
import type {
	PasskeyPublic,
	PasskeysPublic,
	RegisterPasskeyInput,
	RenamePasskeyInput,
} from "../../../shared/schemas/passkeys.ts";
import { describeUserAgent } from "../../../shared/user-agent.ts";
import { first, returnedRow } from "../../db/query.ts";
import { type PasskeyRow, passkeys } from "../../db/schema.ts";
import { fail } from "../../domain/errors.ts";
import { challengeOf, loadWebAuthn, relyingParty, userHandleOf } from "../../lib/webauthn.ts";
import { recordAudit } from "../audit/record.ts";
import type { RequestMeta, ServiceDeps } from "../deps.ts";
import { assertWayInLeft, lockAccount } from "../identities/way-in.ts";
import { sendNotice } from "../notices.ts";
import { atomicallyAs } from "../sessions/acting-session.ts";
import { requireRecentAuth, type SessionPrincipal } from "../sessions/session.ts";
import { keepChallenge, takeChallenge } from "./webauthn-challenges.ts";

/**
 * The caller's passkeys: made (a recent proof of identity needed), listed, renamed and
 * removed (a recent proof again). Signing in and confirming one's identity with them is
 * sign-in/passkey.ts.
 */

const iso = (ms: number) => new Date(ms).toISOString();

export const toPasskeyPublic = (row: PasskeyRow): PasskeyPublic => ({
	id: row.id,
	name: row.name,
	created_at: iso(row.createdAt),
	last_used_at: row.lastUsedAt === null ? null : iso(row.lastUsedAt),
});

/** How the browser may reach the authenticator ("internal", "usb", "hybrid"...), as it told us. */
export const transportsOf = (row: Pick<PasskeyRow, "transports">): string[] => JSON.parse(row.transports) as string[];

export const passkeysOf = async ({ db }: ServiceDeps, userId: string): Promise<PasskeyRow[]> =>
	await db
		.select()
		.from(passkeys)
		.where(eq(passkeys.userId, userId))
		.orderBy(asc(passkeys.createdAt), asc(passkeys.id));

export async function listPasskeys(deps: ServiceDeps, auth: SessionPrincipal): Promise<PasskeysPublic> {
	const rows = await passkeysOf(deps, auth.user.id);
	return { data: rows.map(toPasskeyPublic), count: rows.length };
}

/**
 * Options for the browser to make a passkey for the caller: a discoverable credential (it
 * carries the account, so signing in needs no e-mail) with user verification (a PIN or a
 * fingerprint: the passkey then stands for both factors). The caller's passkeys are
 * excluded, so one authenticator does not register twice.
 */
export async function registrationOptions(
	deps: ServiceDeps,
	auth: SessionPrincipal,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
	requireRecentAuth(deps, auth);
	const { generateRegistrationOptions } = await loadWebAuthn();
	const { user } = auth;
	const rp = relyingParty(deps.config.publicUrl);
	const options = await generateRegistrationOptions({
		rpName: rp.name,
		rpID: rp.id,
		userName: user.email,
		userID: userHandleOf(user.id),
		userDisplayName: user.fullName || user.email,
		attestationType: "none",
		excludeCredentials: (await passkeysOf(deps, user.id)).map((row) => ({ id: row.id, transports: transportsOf(row) })),
		authenticatorSelection: { residentKey: "required", userVerification: "required" },
	});
	await atomicallyAs(deps, auth, async (deps, now) => keepChallenge(deps, options.challenge, "register", now.user.id));
	return options;
}

/** The name a passkey gets when none is given: where it was made ("Chrome on macOS"). */
function defaultName(userAgent: string | undefined): string {
	const { browser, os } = describeUserAgent(userAgent);
	const browserName = browser?.replace(/ \d+$/, "");
	if (browserName && os) return `${browserName} on ${os}`;
	return browserName || os || "Passkey";
}

/**
 * Keeps the passkey the browser made from our options, once its attestation holds: the
 * challenge is ours, unused and under 5 minutes old, the origin and relying party are
 * PUBLIC_URL's, and the user was verified. The owner is told by e-mail.
 */
export async function registerPasskey(
	deps: ServiceDeps,
	auth: SessionPrincipal,
	input: RegisterPasskeyInput,
	meta: RequestMeta,
): Promise<PasskeyPublic> {
	requireRecentAuth(deps, auth);
	await deps.limiter.take(deps, "passkeyAdd", auth.user.id);
	const { verifyRegistrationResponse } = await loadWebAuthn();
	const response = input.response as RegistrationResponseJSON;
	const challenge = challengeOf(response.response.clientDataJSON);
	const taken = await atomicallyAs(deps, auth, async (deps, now) =>
		takeChallenge(deps, challenge, "register", now.user.id),
	);
	if (!taken) fail("PASSKEY_REGISTRATION_FAILED");
	const rp = relyingParty(deps.config.publicUrl);
	const verified = await verifyRegistrationResponse({
		response,
		expectedChallenge: challenge ?? "",
		expectedOrigin: rp.origin,
		expectedRPID: rp.id,
		requireUserVerification: true,
	}).catch(() => null);
	if (!verified?.verified) return fail("PASSKEY_REGISTRATION_FAILED");
	const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;
	const name = input.name ?? defaultName(meta.userAgent);
	const row = await atomicallyAs(deps, auth, async (deps, { user }) => {
		const taken = await first(deps.db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.id, credential.id)));
		if (taken) fail("PASSKEY_ALREADY_REGISTERED");
		const added = await returnedRow(
			deps.db
				.insert(passkeys)
				.values({
					id: credential.id,
					userId: user.id,
					publicKey: Buffer.from(credential.publicKey),
					counter: credential.counter,
					transports: JSON.stringify(credential.transports ?? []),
					deviceType: credentialDeviceType,
					backedUp: credentialBackedUp,
					name,
					createdAt: deps.clock(),
				})
				.returning(),
		);
		await recordAudit(deps, { action: "passkey.add", actor: user, subject: user, meta, details: { name } });
		return added;
	});
	sendNotice(deps, auth.user, { kind: "passkeyAdded", name }, meta);
	return toPasskeyPublic(row);
}

const ownPasskey = (auth: SessionPrincipal, passkeyId: string) =>
	and(eq(passkeys.id, passkeyId), eq(passkeys.userId, auth.user.id));

/** Renames one of the caller's passkeys; any other id, someone else's included, is "not found". */
export async function renamePasskey(
	deps: ServiceDeps,
	auth: SessionPrincipal,
	passkeyId: string,
	input: RenamePasskeyInput,
): Promise<PasskeyPublic> {
	const row = await atomicallyAs(
		deps,
		auth,
		async (deps) =>
			(await first(
				deps.db.update(passkeys).set({ name: input.name }).where(ownPasskey(auth, passkeyId)).returning(),
			)) ?? fail("PASSKEY_NOT_FOUND"),
	);
	return toPasskeyPublic(row);
}

/**
 * Removes one of the caller's passkeys (a recent proof of identity needed): it no longer
 * signs in. Refused when it is the account's last way in (docs/decisions/039).
 */
export async function removePasskey(
	deps: ServiceDeps,
	auth: SessionPrincipal,
	passkeyId: string,
	meta: RequestMeta,
): Promise<{ message: string }> {
	requireRecentAuth(deps, auth);
	await atomicallyAs(deps, auth, async (deps, { user }) => {
		await lockAccount(deps, user.id);
		const row =
			(await first(deps.db.delete(passkeys).where(ownPasskey(auth, passkeyId)).returning())) ??
			fail("PASSKEY_NOT_FOUND");
		await assertWayInLeft(deps, user.id);
		await recordAudit(deps, {
			action: "passkey.remove",
			actor: user,
			subject: user,
			meta,
			details: { name: row.name },
		});
	});
	return { message: "Passkey removed" };
}

/** Removes every passkey of the user, inside the caller's transaction (a revert); answers their names. */
export async function removeAllPasskeys({ db }: ServiceDeps, userId: string): Promise<string[]> {
	return (await db.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ name: passkeys.name })).map(
		(row) => row.name,
	);
}
