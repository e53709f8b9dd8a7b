/**
 * What the provider's callback put in the fragment of /login/sso (docs/guides/sign-in-providers.md):
 * a sign-in's single-use hand-off code, a link or a re-authentication done, or a refusal.
 * The fragment is anyone's to write (a link can carry one): the return path is kept only
 * when it is a path on this site, and a hand-off code only proves something to the server.
 */
export type SsoFragment =
	| { kind: "handoff"; handoff: string; returnTo: string }
	| { kind: "linked"; provider: string; returnTo: string }
	| { kind: "reauthenticated"; returnTo: string }
	| { kind: "refused"; reason: string; returnTo: string | null }
	| { kind: "empty" };

const MAX_VALUE = 512;

/** A same-origin path ("/settings?tab=security"), never "//host" or "/\host" (another site to a browser). */
export function safeReturnPath(value: string | null): string | null {
	if (!value || value.length > MAX_VALUE) return null;
	if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
	// A control character or a backslash anywhere could be read as another host by some parser.
	for (const char of value) {
		const code = char.charCodeAt(0);
		if (code < 0x20 || code === 0x7f || char === "\\") return null;
	}
	return value;
}

/** The fragment (`#a=1&b=2` or `a=1&b=2`) as one of the callback's answers. */
export function readSsoFragment(hash: string): SsoFragment {
	const params = new URLSearchParams(hash.startsWith("#") ? hash.slice(1) : hash);
	const given = safeReturnPath(params.get("return_to"));
	const returnTo = given ?? "/";
	const value = (name: string) => {
		const found = params.get(name);
		return found && found.length <= MAX_VALUE ? found : null;
	};
	const error = value("error");
	if (error !== null) return { kind: "refused", reason: /^[A-Z_]{1,64}$/.test(error) ? error : "", returnTo: given };
	const handoff = value("handoff");
	if (handoff !== null) return { kind: "handoff", handoff, returnTo };
	const linked = value("linked");
	if (linked !== null) return { kind: "linked", provider: linked, returnTo };
	if (params.get("reauthenticated") === "1") return { kind: "reauthenticated", returnTo };
	return { kind: "empty" };
}
