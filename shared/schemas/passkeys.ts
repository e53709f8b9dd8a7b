import { z } from "zod";
import { CONTROL_CHARACTERS, lookupKey, text } from "./fields.ts";

/**
 * A WebAuthn credential's JSON as @simplewebauthn/browser gives it (base64url strings). Only
 * its shape is checked here; the signature, the challenge, the origin and everything else
 * are the server's verification, whose refusal is a 400, not a 422.
 */
/** Missing is "required", as for any field; present but of another shape, what it should be. */
const requiredOr = (message: "passkeyResponseInvalid") => (issue: { input: unknown }) =>
	issue.input === undefined ? "fieldRequired" : message;

/** One base64url part: anything else (a NUL, a space) is of another shape, and is never looked up. */
const part = () =>
	z
		.string({ error: requiredOr("passkeyResponseInvalid") })
		.max(65_536, { message: "passkeyResponseInvalid" })
		.regex(/^[A-Za-z0-9_-]*$/, { message: "passkeyResponseInvalid" });

const credentialJson = <T extends z.ZodRawShape>(response: T) =>
	z.object(
		{
			id: part(),
			rawId: part(),
			type: z.literal("public-key", { error: "passkeyResponseInvalid" }),
			// The authenticator's own fields beyond these (transports, publicKey...) pass through.
			response: z.looseObject(response, { error: "passkeyResponseInvalid" }),
			clientExtensionResults: z.looseObject({}, { error: "passkeyResponseInvalid" }).default({}),
			authenticatorAttachment: z.enum(["platform", "cross-platform"], { error: "passkeyResponseInvalid" }).optional(),
		},
		{ error: requiredOr("passkeyResponseInvalid") },
	);

/** What the browser answers to creation options (navigator.credentials.create). */
export const registrationResponseSchema = credentialJson({ clientDataJSON: part(), attestationObject: part() });
export type RegistrationResponseInput = z.input<typeof registrationResponseSchema>;

/** What the browser answers to request options (navigator.credentials.get). */
export const authenticationResponseSchema = credentialJson({
	clientDataJSON: part(),
	authenticatorData: part(),
	signature: part(),
	userHandle: part().optional(),
});
export type AuthenticationResponseInput = z.infer<typeof authenticationResponseSchema>;
export type AuthenticationResponseJson = z.input<typeof authenticationResponseSchema>;

/** A passkey's name: one line, as a person's name is. */
const passkeyName = () =>
	text("fieldRequired")
		.trim()
		.min(1, { message: "fieldRequired" })
		.max(255, { message: "textTooLong" })
		.refine((value) => !CONTROL_CHARACTERS.test(value), { message: "noControlCharacters" });

/** POST /users/me/passkeys: the new credential, and a name (by default, the browser and system it was made on). */
export const registerPasskeySchema = z.object({
	response: registrationResponseSchema,
	name: passkeyName().optional(),
});
export type RegisterPasskeyInput = z.infer<typeof registerPasskeySchema>;

export const renamePasskeySchema = z.object({ name: passkeyName() });
export type RenamePasskeyInput = z.infer<typeof renamePasskeySchema>;

/** POST /login/passkey: the signed challenge of a discoverable credential (no e-mail typed). */
export const passkeyLoginSchema = z.object({ response: authenticationResponseSchema });
export type PasskeyLoginInput = z.infer<typeof passkeyLoginSchema>;

/** Any string: an id that is not one of the caller's passkeys is a 404. */
export const passkeyIdParamsSchema = z.object({ passkey_id: lookupKey() });

export const passkeyPublicSchema = z.object({
	id: z.string(),
	name: z.string(),
	created_at: z.string(),
	last_used_at: z.string().nullable(),
});
export type PasskeyPublic = z.infer<typeof passkeyPublicSchema>;

export const passkeysPublicSchema = z.object({ data: z.array(passkeyPublicSchema), count: z.number().int() });
export type PasskeysPublic = z.infer<typeof passkeysPublicSchema>;

/**
 * The options to hand to @simplewebauthn/browser's startRegistration or startAuthentication
 * (PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON), passed through whole.
 */
export const webauthnOptionsSchema = z.looseObject({ challenge: z.string(), rpId: z.string().optional() });
export type WebauthnOptions = z.infer<typeof webauthnOptionsSchema>;
