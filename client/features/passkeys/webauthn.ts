import type { TranslationFunctions } from "../../../shared/i18n/i18n-types.ts";
import type {
	AuthenticationResponseJson,
	RegistrationResponseInput,
	WebauthnOptions,
} from "../../../shared/schemas/passkeys.ts";
import { mutationErrorText } from "../../lib/error-text.ts";

/**
 * The browser's side of a passkey ceremony, through @simplewebauthn/browser. The library is
 * loaded on first use: the login screen does not carry it for people who never click.
 * Options and answers cross as JSON: the server's options go to the library whole, and
 * the library's answer is what the shared schemas describe (its interfaces, as plain data).
 */

/** Whether this browser can make and use passkeys at all. */
export const passkeysSupported = (): boolean =>
	typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";

/**
 * The page's host when it is an IP address: a passkey's relying party must be a host name,
 * so the browser refuses every ceremony there ("127.0.0.1 is an invalid domain").
 */
export const ipAddressHost = (): string | null => {
	const host = window.location.hostname;
	return /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith("[") ? host : null;
};

/** Asks the device for a new passkey from the server's creation options. */
export async function createPasskey(options: WebauthnOptions): Promise<RegistrationResponseInput> {
	const { startRegistration } = await import("@simplewebauthn/browser");
	type Options = Parameters<typeof startRegistration>[0]["optionsJSON"];
	return (await startRegistration({ optionsJSON: options as unknown as Options })) as RegistrationResponseInput;
}

/** Asks the device to sign the server's request options with one of its passkeys. */
export async function signWithPasskey(options: WebauthnOptions): Promise<AuthenticationResponseJson> {
	const { startAuthentication } = await import("@simplewebauthn/browser");
	type Options = Parameters<typeof startAuthentication>[0]["optionsJSON"];
	return (await startAuthentication({ optionsJSON: options as unknown as Options })) as AuthenticationResponseJson;
}

/**
 * What to tell the user when a ceremony failed: the person closed the prompt or it timed
 * out (the browser does not say which), the device already holds one of their passkeys, or
 * else the server's refusal.
 */
export function passkeyErrorText(error: unknown, LL: TranslationFunctions): string {
	const name = (error as { name?: unknown } | null)?.name;
	const code = (error as { code?: unknown } | null)?.code;
	if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED" || name === "InvalidStateError")
		return LL.security.passkeys.alreadyOnDevice();
	if (name === "NotAllowedError" || name === "AbortError" || code === "ERROR_CEREMONY_ABORTED")
		return LL.security.passkeys.cancelled();
	return mutationErrorText(error, LL);
}
