import { tokenPairSchema } from "../../shared/schemas/auth.ts";
import {
	passkeyIdParamsSchema,
	passkeyLoginSchema,
	passkeyPublicSchema,
	passkeysPublicSchema,
	registerPasskeySchema,
	renamePasskeySchema,
	type WebauthnOptions,
	webauthnOptionsSchema,
} from "../../shared/schemas/passkeys.ts";
import { messageSchema } from "../../shared/schemas/users.ts";
import { requestMeta, tokenReply } from "../http/session.ts";
import * as passkeys from "../services/factors/passkeys.ts";
import * as passkeyLogin from "../services/sign-in/passkey.ts";
import { authHooks } from "./auth-hooks.ts";
import { type RouteModule, sessionOf } from "./types.ts";

const tags = ["passkeys"];

/** The library's options (an interface) as the loose object their response schema documents and passes through. */
const asOptions = async (options: Promise<object>) => (await options) as WebauthnOptions;
const security = [{ OAuth2PasswordBearer: [] }];

/** The caller's passkeys, signing in with one, and confirming one's identity with one. */
export const passkeyRoutes: RouteModule = (app, deps) => {
	const { user } = authHooks(deps);

	app.post(
		"/login/passkey/options",
		{
			config: { reasons: ["RATE_LIMITED"] },
			schema: {
				tags: ["login"],
				summary:
					"Options for @simplewebauthn/browser's startAuthentication: sign in with a passkey, no e-mail needed (valid 5 minutes, once)",
				response: { 200: webauthnOptionsSchema },
			},
		},
		async (request, reply) => {
			reply.header("cache-control", "no-store");
			return asOptions(passkeyLogin.loginOptions(deps, requestMeta(request)));
		},
	);
	app.post(
		"/login/passkey",
		{
			config: { reasons: ["INVALID_PASSKEY", "INACTIVE_USER", "EMAIL_NOT_VERIFIED", "RATE_LIMITED"] },
			schema: {
				tags: ["login"],
				summary: "Sign in with a passkey: the signed options of POST /login/passkey/options; returns a token pair",
				body: passkeyLoginSchema,
				response: { 200: tokenPairSchema },
			},
		},
		async (request, reply) => {
			const tokens = await passkeyLogin.loginWithPasskey(deps, request.body, requestMeta(request));
			return tokenReply(deps.config, request, reply, tokens);
		},
	);
	app.post(
		"/login/reauthenticate/options",
		{
			onRequest: user,
			schema: {
				tags: ["login"],
				security,
				summary:
					"Options to confirm your identity with one of your passkeys; send the result as `passkey` to POST /login/reauthenticate",
				response: { 200: webauthnOptionsSchema },
			},
		},
		async (request, reply) => {
			reply.header("cache-control", "no-store");
			return asOptions(passkeyLogin.reauthenticationOptions(deps, sessionOf(request)));
		},
	);

	app.get(
		"/users/me/passkeys",
		{
			onRequest: user,
			schema: { tags, security, summary: "Own passkeys, oldest first", response: { 200: passkeysPublicSchema } },
		},
		async (request) => passkeys.listPasskeys(deps, sessionOf(request)),
	);
	app.post(
		"/users/me/passkeys/options",
		{
			onRequest: user,
			config: { reasons: ["REAUTH_REQUIRED"] },
			schema: {
				tags,
				security,
				summary:
					"Options for @simplewebauthn/browser's startRegistration: a new passkey for this account (valid 5 minutes, once)",
				response: { 200: webauthnOptionsSchema },
			},
		},
		async (request, reply) => {
			reply.header("cache-control", "no-store");
			return asOptions(passkeys.registrationOptions(deps, sessionOf(request)));
		},
	);
	app.post(
		"/users/me/passkeys",
		{
			onRequest: user,
			config: {
				reasons: ["REAUTH_REQUIRED", "PASSKEY_REGISTRATION_FAILED", "PASSKEY_ALREADY_REGISTERED", "RATE_LIMITED"],
			},
			schema: {
				tags,
				security,
				summary: "Keep the passkey made from POST /users/me/passkeys/options",
				body: registerPasskeySchema,
				response: { 200: passkeyPublicSchema },
			},
		},
		async (request) => passkeys.registerPasskey(deps, sessionOf(request), request.body, requestMeta(request)),
	);
	app.patch(
		"/users/me/passkeys/:passkey_id",
		{
			onRequest: user,
			config: { reasons: ["PASSKEY_NOT_FOUND"] },
			schema: {
				tags,
				security,
				summary: "Rename one of your passkeys",
				params: passkeyIdParamsSchema,
				body: renamePasskeySchema,
				response: { 200: passkeyPublicSchema },
			},
		},
		async (request) => passkeys.renamePasskey(deps, sessionOf(request), request.params.passkey_id, request.body),
	);
	app.delete(
		"/users/me/passkeys/:passkey_id",
		{
			onRequest: user,
			config: { reasons: ["REAUTH_REQUIRED", "PASSKEY_NOT_FOUND", "LAST_SIGN_IN_METHOD"] },
			schema: {
				tags,
				security,
				summary: "Remove one of your passkeys (never your last way in)",
				params: passkeyIdParamsSchema,
				response: { 200: messageSchema },
			},
		},
		async (request) =>
			passkeys.removePasskey(deps, sessionOf(request), request.params.passkey_id, requestMeta(request)),
	);
};
