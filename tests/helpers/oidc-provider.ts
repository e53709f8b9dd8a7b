import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";
import { signInPage } from "./oidc-sign-in-page.ts";

/**
 * A real, certified OpenID provider (oidc-provider) on a loopback port, for the tests of
 * sign-in through a provider: no mock of the protocol. Its one client is Portico's; the
 * sign-in page is replaced by code: the next authorization signs in as `signInAs(sub)`,
 * and consent is granted for what was asked. Accounts are claims sets the test sets.
 */
export type OidcAccount = {
	email?: string;
	email_verified?: boolean;
	name?: string;
	hd?: string;
	[claim: string]: unknown;
};

export type TestOidcProvider = {
	issuer: string;
	clientId: string;
	clientSecret: string;
	/** The account the next authorization signs in as. */
	signInAs(sub: string, claims?: OidcAccount): void;
	setClaims(sub: string, claims: OidcAccount): void;
	/**
	 * A slow provider: requests whose path matches are accepted and never answered (until the
	 * test ends), from now on; `stall(undefined)` answers again.
	 */
	stall(paths: RegExp | undefined): void;
	/** Resolves with the path of the next request held by `stall` (ask before it is sent). */
	nextHeld(): Promise<string>;
	/** Stops answering (a provider down); `close()` ends it for good. */
	close(): Promise<void>;
};

export type OidcProviderOptions = {
	redirectUri: string;
	/** Claims in the id_token itself (oidc-provider's default puts scope claims only in userinfo). */
	claimsInIdToken?: boolean;
	clientId?: string;
	clientSecret?: string;
	/** A port chosen beforehand (a provider that comes up after the app asked it); any free one otherwise. */
	port?: number;
	/**
	 * A sign-in page the browser fills (oidc-sign-in-page.ts) instead of `signInAs`: the provider
	 * in its own process, driven by Playwright, where the test cannot call into it.
	 */
	signInPage?: boolean;
};

export async function startOidcProvider(options: OidcProviderOptions): Promise<TestOidcProvider> {
	const accounts = new Map<string, OidcAccount>();
	let next: string | undefined;
	const clientId = options.clientId ?? "portico";
	const clientSecret = options.clientSecret ?? randomBytes(24).toString("base64url");
	const server: Server = createServer();
	await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
	const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	const key = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" });
	const provider = new Provider(issuer, {
		clients: [
			{
				client_id: clientId,
				client_secret: clientSecret,
				redirect_uris: [options.redirectUri],
				// Where Portico's logout (LOGOUT=provider) asks the provider to send the browser back.
				post_logout_redirect_uris: [new URL("/login", options.redirectUri).href],
				response_types: ["code"],
				grant_types: ["authorization_code"],
			},
		],
		jwks: { keys: [{ ...key, use: "sig", alg: "RS256", kid: "test" }] },
		cookies: { keys: [randomBytes(32).toString("hex")] },
		pkce: { required: () => true },
		conformIdTokenClaims: !options.claimsInIdToken,
		claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "hd"] },
		features: { devInteractions: { enabled: false } },
		findAccount: async (_ctx: unknown, sub: string) => ({
			accountId: sub,
			claims: async () => ({ sub, ...(accounts.get(sub) ?? {}) }),
		}),
		// Consent is the test's given: every scope asked for is granted.
		loadExistingGrant: async (ctx: {
			oidc: { client: { clientId: string }; session: { accountId: string }; provider: Provider };
		}) => {
			const grant = new ctx.oidc.provider.Grant({
				clientId: ctx.oidc.client.clientId,
				accountId: ctx.oidc.session.accountId,
			});
			grant.addOIDCScope("openid email profile");
			await grant.save();
			return grant;
		},
		interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
		ttl: {
			AccessToken: 3600,
			AuthorizationCode: 600,
			Grant: 3600,
			IdToken: 3600,
			Interaction: 600,
			Session: 3600,
		},
		renderError: async (ctx: { body: unknown; type: string }, out: Record<string, unknown>) => {
			ctx.type = "json";
			ctx.body = out;
		},
	});
	provider.use(async (ctx, nextMiddleware) => {
		if (!ctx.path.startsWith("/interaction/")) return nextMiddleware();
		if (options.signInPage) return signInPage(provider, ctx, (sub, claims) => accounts.set(sub, claims));
		await provider.interactionDetails(ctx.req, ctx.res);
		const accountId = next ?? "nobody";
		await provider.interactionFinished(ctx.req, ctx.res, { login: { accountId } }, { mergeWithLastSubmission: false });
	});
	let stalled: RegExp | undefined;
	const waiting: ((path: string) => void)[] = [];
	const answer = provider.callback();
	server.on("request", (request, response) => {
		const path = request.url ?? "/";
		if (!stalled?.test(path)) return answer(request, response);
		// Held: the connection stays open without a byte of answer, until the client gives up or the test ends.
		for (const resolve of waiting.splice(0)) resolve(path);
	});
	return {
		issuer,
		clientId,
		clientSecret,
		signInAs(sub, claims) {
			next = sub;
			if (claims) accounts.set(sub, claims);
		},
		setClaims(sub, claims) {
			accounts.set(sub, claims);
		},
		stall(paths) {
			stalled = paths;
		},
		nextHeld: () => new Promise<string>((resolve) => waiting.push(resolve)),
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}
