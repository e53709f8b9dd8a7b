import type { FastifyInstance } from "fastify";
import { api } from "./http.ts";
import type { TestUser } from "./users.ts";
import { SoftAuthenticator } from "./webauthn.ts";

/** The origin of the test app's PUBLIC_URL (its default): where its passkeys are used. */
export const TEST_ORIGIN = "http://localhost:3000";

export type PasskeyUser = TestUser & { authenticator: SoftAuthenticator; passkeyId: string };

type Options = Parameters<SoftAuthenticator["register"]>[0];

async function ok<T>(response: Promise<{ statusCode: number; body: string; json: () => unknown }>): Promise<T> {
	const res = await response;
	if (res.statusCode !== 200) throw new Error(`expected 200, got ${res.statusCode} ${res.body}`);
	return res.json() as T;
}

/** Adds a passkey to a signed-in user over the API, as the Security tab does: options, the authenticator, then the credential. */
export async function addPasskey(
	app: FastifyInstance,
	user: TestUser,
	authenticator = new SoftAuthenticator(TEST_ORIGIN),
): Promise<PasskeyUser> {
	const options = await ok<Options>(api(app, "POST", "/users/me/passkeys/options", { headers: user.headers }));
	const response = authenticator.register(options);
	const added = await ok<{ id: string }>(
		api(app, "POST", "/users/me/passkeys", { headers: user.headers, body: { response } }),
	);
	return { ...user, authenticator, passkeyId: added.id };
}

/** Options for a passkey sign-in, then the authenticator's signature over them (not sent yet). */
export async function signedLoginChallenge(
	app: FastifyInstance,
	authenticator: SoftAuthenticator,
	quirks: Parameters<SoftAuthenticator["authenticate"]>[1] = {},
	ip = "127.0.0.1",
) {
	const options = await ok<Parameters<SoftAuthenticator["authenticate"]>[0]>(
		api(app, "POST", "/login/passkey/options", { ip }),
	);
	return { options, response: authenticator.authenticate(options, quirks) };
}
