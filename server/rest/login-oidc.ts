import { z } from "zod";
import { tokenPairSchema } from "../../shared/schemas/auth.ts";
import { providerCompleteSchema, providerListSchema, providerStartQuerySchema } from "../../shared/schemas/oidc.ts";
import type { Config } from "../config.ts";
import { DomainError } from "../domain/errors.ts";
import { requestMeta, tokenReply } from "../http/session.ts";
import type { ServiceDeps } from "../services/deps.ts";
import { finishProviderSignIn } from "../services/sign-in/oidc/callback.ts";
import { FLOW_TTL_MS, startProviderSignIn } from "../services/sign-in/oidc/flow.ts";
import { completeProviderSignIn } from "../services/sign-in/oidc/handoff.ts";
import { listProviders } from "../services/sign-in/oidc/providers.ts";
import type { ZodApp } from "./types.ts";

const tags = ["login"];

/** The HttpOnly cookie that binds a provider flow to the browser that started it (login CSRF). */
export const FLOW_COOKIE = "portico_oidc";
const COOKIE_PATH = "/api/v1/login/oidc";

const flowCookie = (config: Config) => ({
	httpOnly: true,
	// Lax: sent on the provider's top-level redirect back to the callback, never on a cross-site POST.
	sameSite: "lax" as const,
	secure: new URL(config.publicUrl).protocol === "https:",
	path: COOKIE_PATH,
	maxAge: Math.floor(FLOW_TTL_MS / 1000),
});

const providerParams = z.object({ id: z.string().max(64) });
const redirect = z.null().describe("A redirect (Location)");

/** Sign-in through an OpenID provider: the routes of docs/guides (login screen buttons, callback, hand-off). */
export function providerLoginRoutes(app: ZodApp, deps: ServiceDeps): void {
	app.get(
		"/login/providers",
		{
			schema: { tags, summary: "The sign-in providers the login screen offers", response: { 200: providerListSchema } },
		},
		async () => listProviders(deps),
	);

	app.get(
		"/login/oidc/:id",
		{
			config: { reasons: ["PROVIDER_NOT_FOUND", "PROVIDER_UNAVAILABLE", "RATE_LIMITED"] },
			schema: {
				tags,
				summary: "Start a sign-in at the provider: 302 to it, with the flow's cookie",
				params: providerParams,
				querystring: providerStartQuerySchema,
				response: { 302: redirect },
			},
		},
		async (request, reply) => {
			const started = await startProviderSignIn(deps, request.params.id, request.query.return_to, requestMeta(request));
			reply.setCookie(FLOW_COOKIE, started.binding, flowCookie(deps.config));
			return reply.redirect(started.authorizationUrl, 302);
		},
	);

	app.get(
		"/login/oidc/:id/callback",
		{
			schema: {
				tags,
				summary:
					"Where the provider sends the browser back: 302 to /login/sso with a single-use hand-off code (or the refusal) in the fragment",
				params: providerParams,
				response: { 302: redirect },
			},
		},
		async (request, reply) => {
			const query = new URLSearchParams(request.raw.url?.split("?")[1] ?? "");
			const fragment = await finishProviderSignIn(
				deps,
				request.params.id,
				query,
				request.cookies?.[FLOW_COOKIE],
				requestMeta(request),
			).then(
				(handoff) => new URLSearchParams({ handoff: handoff.code, return_to: handoff.returnTo }),
				(error: unknown) => {
					if (error instanceof DomainError) return new URLSearchParams({ error: error.reason });
					throw error;
				},
			);
			reply.header("cache-control", "no-store").header("referrer-policy", "no-referrer");
			return reply.redirect(`/login/sso#${fragment}`, 302);
		},
	);

	app.post(
		"/login/oidc/complete",
		{
			config: {
				reasons: [
					"PROVIDER_SIGN_IN_FAILED",
					"IDENTITY_NOT_LINKED",
					"ORG_NOT_ALLOWED",
					"PROVIDER_NOT_FOUND",
					"INACTIVE_USER",
					"EMAIL_NOT_VERIFIED",
					"MFA_REQUIRED",
					"RATE_LIMITED",
					"TWO_FACTOR_UNAVAILABLE",
				],
			},
			schema: {
				tags,
				summary:
					"Exchange the hand-off code of a provider sign-in (from the browser that started it) for a token pair; with two-factor on, 401 with an mfa_token as after a password",
				body: providerCompleteSchema,
				response: { 200: tokenPairSchema },
			},
		},
		async (request, reply) => {
			const binding = request.cookies?.[FLOW_COOKIE];
			reply.clearCookie(FLOW_COOKIE, { path: COOKIE_PATH });
			const tokens = await completeProviderSignIn(deps, request.body.handoff, binding, requestMeta(request));
			return tokenReply(deps.config, request, reply, tokens);
		},
	);
}
