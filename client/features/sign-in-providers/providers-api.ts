/** The login screen's call about providers (REST: it has no tRPC twin), and where their buttons go. */
export type SignInProvider = { id: string; name: string; kind: string };

export const providersQueryKey = ["sign-in-providers"] as const;

/** GET /login/providers: the providers the login screen offers (none when none are configured). */
export async function fetchProviders(): Promise<SignInProvider[]> {
	const response = await fetch("/api/v1/login/providers", { headers: { accept: "application/json" } });
	if (!response.ok) throw new Error(`HTTP ${response.status}`);
	return ((await response.json()) as { data: SignInProvider[] }).data;
}

/** Where a provider's button goes: the server answers 302 to the provider (a full navigation). */
export const providerStartUrl = (id: string, returnTo: string): string =>
	`/api/v1/login/oidc/${encodeURIComponent(id)}?${new URLSearchParams({ return_to: returnTo })}`;
