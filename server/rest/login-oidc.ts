import type { FastifyReply } from "fastify";
import { z } from "zod";
import type { ErrorReason } from "../../shared/errors.ts";
import { tokenPairSchema } from "../../shared/schemas/auth.ts";
import { providerCompleteSchema, providerListSchema, providerStartQuerySchema } from "../../shared/schemas/oidc.ts";
import { DomainError } from "../domain/errors.ts";
import { FLOW_COOKIE, FLOW_COOKIE_PATH, flowCookie } from "../http/provider-flow.ts";
import { requestMeta, tokenReply } from "../http/session.ts";
import type { ServiceDeps } from "../services/deps.ts";
import { type FlowOutcome, finishProviderFlow } from "../services/sign-in/oidc/callback.ts";
import { startProviderSignIn } from "../services/sign-in/oidc/flow.ts";
import { completeProviderSignIn } from "../services/sign-in/oidc/handoff.ts";
import { listProviders } from "../services/sign-in/oidc/providers.ts";
import type { ZodApp } from "./types.ts";

const tags = ["login"];

/**
 * Refusals a link or re-authentication answers in the callback's fragment only (the callback
 * is always a 302): documented in its description, as its `error=` values.
 */
export const FRAGMENT_ONLY_REASONS: readonly ErrorReason[] = ["IDENTITY_LINKED_ELSEWHERE", "PROVIDER_ALREADY_LINKED"];

const providerParams = z.object({ id: z.string().max(64) });
const redirect = z.null().describe("A redirect (Location)");

/** The fragment of /login/sso for each purpose's outcome (the contract of docs/guides/sign-in-providers.md). */
function fragmentOf(outcome: FlowOutcome): URLSearchParams {
	const { returnTo } = outcome;
	if ("refused" in outcome) return new URLSearchParams({ error: outcome.refused, return_to: returnTo });
	if (outcome.purpose === "login") return new URLSearchParams({ handoff: outcome.code, return_to: returnTo });
	if (outcome.purpose === "link") return new URLSearchParams({ linked: outcome.linked, return_to: returnTo });
	return new URLSearchParams({ reauthenticated: "1", return_to: returnTo });
}

/** The callback's answer: back to the app's /login/sso, what happened in the fragment (never sent to a server). */
const backToApp = (reply: FastifyReply, fragment: URLSearchParams) =>
	reply
		.header("cache-control", "no-store")
		.header("referrer-policy", "no-referrer")
		.redirect(`/login/sso#${fragment}`, 302);

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
				summary:
					"Start a sign-in at the provider: 302 to it, with the flow's cookie (a browser's navigation that is refused: 302 to /login/sso with error=<REASON> in the fragment)",
				params: providerParams,
				querystring: providerStartQuerySchema,
				response: { 302: redirect },
			},
		},
		async (request, reply) => {
			const started = await startProviderSignIn(
				deps,
				request.params.id,
				request.query.return_to,
				requestMeta(request),
			).catch((error: unknown) => {
				// The login screen's button is a browser's navigation: its refusal is worded on
				// /login/sso, not drawn as a JSON page (an API client still gets the status).
				if (error instanceof DomainError && request.headers["sec-fetch-mode"] === "navigate") return error;
				throw error;
			});
			if (started instanceof DomainError)
				return reply.redirect(`/login/sso#${new URLSearchParams({ error: started.reason })}`, 302);
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
				description: `The fragment: a sign-in's \`handoff=<code>&return_to=<path>\`, a link's \`linked=<provider>&return_to=<path>\`, a re-authentication's \`reauthenticated=1&return_to=<path>\`, or \`error=<REASON>\` (with \`return_to\` for a link or re-authentication). A link may also be refused with ${FRAGMENT_ONLY_REASONS.join(", ")}.`,
				params: providerParams,
				response: { 302: redirect },
			},
		},
		async (request, reply) => {
			const query = new URLSearchParams(request.raw.url?.split("?")[1] ?? "");
			const outcome = await finishProviderFlow(
				deps,
				request.params.id,
				query,
				request.cookies?.[FLOW_COOKIE],
				requestMeta(request),
			).catch((error: unknown) => {
				if (error instanceof DomainError) return error;
				throw error;
			});
			if (outcome instanceof DomainError) return backToApp(reply, new URLSearchParams({ error: outcome.reason }));
			// A link or re-authentication ends here; a sign-in's cookie is still needed by its hand-off.
			if (outcome.purpose !== "login") reply.clearCookie(FLOW_COOKIE, { path: FLOW_COOKIE_PATH });
			return backToApp(reply, fragmentOf(outcome));
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
					"DOMAIN_NOT_ALLOWED",
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
			reply.clearCookie(FLOW_COOKIE, { path: FLOW_COOKIE_PATH });
			const tokens = await completeProviderSignIn(deps, request.body.handoff, binding, requestMeta(request));
			return tokenReply(deps.config, request, reply, tokens);
		},
	);
}
