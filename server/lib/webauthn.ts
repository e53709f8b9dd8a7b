import type * as SimpleWebAuthn from "@simplewebauthn/server";

let loading: Promise<typeof SimpleWebAuthn> | undefined;

/**
 * @simplewebauthn/server, loaded with the first passkey ceremony rather than at start: its
 * certificate and CBOR parsers are about 30 MB of resident memory and 0.2 s of the cold
 * start, which a server whose users have no passkeys never needs.
 */
export const loadWebAuthn = (): Promise<typeof SimpleWebAuthn> => {
	loading ??= import("@simplewebauthn/server");
	return loading;
};

/** The name authenticators show beside the account. */
const RP_NAME = "Portico";

export type RelyingParty = { id: string; name: string; origin: string };

/**
 * Who passkeys are made for, from PUBLIC_URL: its host name is the relying party id
 * (credentials work on that host and, per WebAuthn, its subdomains), its origin the only
 * page allowed to use them. Behind a reverse proxy PUBLIC_URL must therefore be the address
 * people open, or browsers refuse to make or use a passkey.
 */
export function relyingParty(publicUrl: string): RelyingParty {
	const url = new URL(publicUrl);
	return { id: url.hostname, name: RP_NAME, origin: url.origin };
}

/**
 * The challenge a credential's response signed, read from its clientDataJSON (base64url
 * JSON); null when that is not readable. The library checks it again against the one we
 * hand it: this only finds which stored challenge to take.
 */
export function challengeOf(clientDataJSON: string): string | null {
	try {
		const data: unknown = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8"));
		const challenge = (data as { challenge?: unknown } | null)?.challenge;
		return typeof challenge === "string" && /^[A-Za-z0-9_-]{16,128}$/.test(challenge) ? challenge : null;
	} catch {
		return null;
	}
}

/** The WebAuthn user handle of an account: its id's bytes (no e-mail, nothing personal). */
export const userHandleOf = (userId: string) => Uint8Array.from(Buffer.from(userId, "utf8"));
