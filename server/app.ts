import fastifyCookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler } from "fastify-type-provider-zod";
import { TRPC_MAX_BATCH_SIZE } from "../shared/trpc-limits.ts";
import { type Config, proxyTrust } from "./config.ts";
import type { Db } from "./db/client.ts";
import { registerDocs } from "./http/docs.ts";
import { restErrorHandler } from "./http/error-handler.ts";
import { depthLimited } from "./http/json-body.ts";
import { localesPlugin } from "./http/locales.ts";
import { loggerOptions } from "./http/logging.ts";
import { registerSecurityHeaders } from "./http/security-headers.ts";
import { registerSpa } from "./http/spa.ts";
import { zodValidatorCompiler } from "./http/validation.ts";
import type { Clock } from "./lib/clock.ts";
import type { PasswordHasher } from "./lib/passwords.ts";
import type { RateLimiter } from "./lib/rate-limiter.ts";
import type { Scheduler } from "./lib/scheduler.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { MediaStorage } from "./media/storage.ts";
import { clientDistDir } from "./paths.ts";
import { BODY_LIMIT } from "./rest/multipart-form.ts";
import { restPlugin } from "./rest/plugin.ts";
import { createServiceDeps, type ServiceDeps } from "./services/deps.ts";
import { startHousekeeping } from "./services/housekeeping.ts";
import { makeCreateContext, refuseTrpcDeepJson, refuseTrpcMultipart } from "./trpc/context.ts";
import { registerTrpcRoute } from "./trpc/fastify-route.ts";
import { appRouter } from "./trpc/router.ts";

export type AppDeps = {
	config: Config;
	db: Db;
	clock?: Clock;
	/** Timers driven by the clock; tests pass one that fires when they advance it. */
	scheduler?: Scheduler;
	limiter?: RateLimiter<Db>;
	/** Defaults: SMTP when configured, else the outbox; files under DATA_DIR/media. Tests pass their own. */
	mailer?: Mailer;
	storage?: MediaStorage;
	/** Password hashing with its fair pool; tests wrap it to pause between a hash and what follows. */
	passwords?: PasswordHasher;
	/** The built client; the SPA is served only when it holds an index.html. */
	clientDir?: string;
	logger?: boolean | object;
	/** How long a request may take to arrive, headers and body (default REQUEST_TIMEOUT_MS); tests pass less. */
	requestTimeoutMs?: number;
};

/**
 * A request must have arrived whole within this time, or its connection is cut (408): a
 * client that sends its headers and holds its body back cannot pin a request for ever.
 * Node checks at most this often, so a request is cut between one and two of these.
 */
export const REQUEST_TIMEOUT_MS = 30_000;

declare module "fastify" {
	interface FastifyInstance {
		/** The services' dependencies, for main.ts, the CLI and tests. */
		deps: ServiceDeps;
	}
}

/** The whole app around the given database. It never listens: main.ts and tests decide. */
export async function buildApp(options: AppDeps): Promise<FastifyInstance> {
	const { config, db } = options;
	const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
	const app = Fastify({
		logger: options.logger ?? loggerOptions(config.logLevel),
		trustProxy: proxyTrust(config.trustProxy),
		routerOptions: { maxParamLength: 5000, ignoreTrailingSlash: true },
		bodyLimit: BODY_LIMIT,
		requestTimeout,
		http: { headersTimeout: requestTimeout, connectionsCheckingInterval: requestTimeout },
	});
	const deps = createServiceDeps({ config, db, clock: options.clock, log: app.log }, options);
	app.setValidatorCompiler(zodValidatorCompiler);
	app.setSerializerCompiler(serializerCompiler);
	app.decorateRequest("auth", null);
	app.decorate("deps", deps);
	// One error shape everywhere outside tRPC (REST, docs, locales, the SPA): `{"detail": ...}`, no 5xx text.
	app.setErrorHandler(restErrorHandler);
	// Fastify's JSON parser (prototype poisoning refused) behind a nesting limit, for every scope.
	const parseJson = depthLimited(app.getDefaultJsonParser("error", "error"));
	app.removeContentTypeParser("application/json");
	app.addContentTypeParser("application/json", { parseAs: "string" }, parseJson);

	registerSecurityHeaders(app);
	await app.register(fastifyCookie);
	await registerDocs(app);
	await app.register(restPlugin, { prefix: "/api/v1", deps });
	await app.register(localesPlugin);
	// The tRPC routes in a scope of their own, so that their guards run on their requests only.
	await app.register(async (trpc) => {
		trpc.addHook("onRequest", refuseTrpcMultipart);
		trpc.addHook("preValidation", refuseTrpcDeepJson);
		registerTrpcRoute(trpc, "/trpc", {
			router: appRouter,
			maxBatchSize: TRPC_MAX_BATCH_SIZE,
			createContext: makeCreateContext(deps),
			onError({ error, path }) {
				if (error.code === "INTERNAL_SERVER_ERROR") app.log.error({ err: error, path }, "tRPC call failed");
			},
		});
	});
	await registerSpa(app, options.clientDir ?? clientDistDir);
	// Retention sweeps at start and daily, stopped with the app.
	let stopHousekeeping: (() => void) | undefined;
	app.addHook("onReady", async () => {
		stopHousekeeping = startHousekeeping(deps);
	});
	app.addHook("onClose", async () => stopHousekeeping?.());
	// Work after the reply (recovery lookups) and the mail it queues finish before the app closes.
	app.addHook("onClose", async () => {
		await deps.background.idle();
		await deps.mailer.idle();
	});
	return app;
}
