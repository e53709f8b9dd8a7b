import fastifyCookie from "@fastify/cookie";
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from "@trpc/server/adapters/fastify";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler } from "fastify-type-provider-zod";
import { TRPC_MAX_BATCH_SIZE } from "../shared/trpc-limits.ts";
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import { registerDocs } from "./http/docs.ts";
import { loggerOptions } from "./http/logging.ts";
import { registerSecurityHeaders } from "./http/security-headers.ts";
import { registerSpa } from "./http/spa.ts";
import { zodValidatorCompiler } from "./http/validation.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { MediaStorage } from "./media/storage.ts";
import { clientDistDir } from "./paths.ts";
import { restErrorHandler } from "./rest/error-handler.ts";
import { localesPlugin } from "./rest/locales.ts";
import { restPlugin } from "./rest/plugin.ts";
import { type Clock, createServiceDeps, type ServiceDeps } from "./services/deps.ts";
import type { RateLimiter } from "./services/rate-limiter.ts";
import { makeCreateContext, refuseTrpcMultipart } from "./trpc/context.ts";
import { type AppRouter, appRouter } from "./trpc/router.ts";

export type AppDeps = {
	config: Config;
	db: Db;
	clock?: Clock;
	limiter?: RateLimiter;
	/** Defaults: SMTP when configured, else the outbox; files under DATA_DIR/media. Tests pass their own. */
	mailer?: Mailer;
	storage?: MediaStorage;
	/** The built client; the SPA is served only when it holds an index.html. */
	clientDir?: string;
	logger?: boolean | object;
};

declare module "fastify" {
	interface FastifyInstance {
		/** The services' dependencies, for main.ts, the CLI and tests. */
		deps: ServiceDeps;
	}
}

/** The whole app around the given database. It never listens: main.ts and tests decide. */
export async function buildApp(options: AppDeps): Promise<FastifyInstance> {
	const { config, db } = options;
	const app = Fastify({
		logger: options.logger ?? loggerOptions(config.logLevel),
		// A number is a hop count, which Fastify accepts though its types do not say so.
		trustProxy: config.trustProxy as boolean,
		routerOptions: { maxParamLength: 5000, ignoreTrailingSlash: true },
		bodyLimit: 1024 * 1024,
	});
	const deps = createServiceDeps({ config, db, clock: options.clock, log: app.log }, options);
	app.setValidatorCompiler(zodValidatorCompiler);
	app.setSerializerCompiler(serializerCompiler);
	app.decorateRequest("auth", null);
	app.decorate("deps", deps);
	// One error shape everywhere outside tRPC (REST, docs, locales, the SPA): `{"detail": ...}`, no 5xx text.
	app.setErrorHandler(restErrorHandler);

	registerSecurityHeaders(app);
	await app.register(fastifyCookie);
	await registerDocs(app);
	await app.register(restPlugin, { prefix: "/api/v1", deps });
	await app.register(localesPlugin);
	app.addHook("onRequest", refuseTrpcMultipart);
	await app.register(fastifyTRPCPlugin, {
		prefix: "/trpc",
		trpcOptions: {
			router: appRouter,
			maxBatchSize: TRPC_MAX_BATCH_SIZE,
			createContext: makeCreateContext(deps),
			onError({ error, path }) {
				if (error.code === "INTERNAL_SERVER_ERROR") app.log.error({ err: error, path }, "tRPC call failed");
			},
		} satisfies FastifyTRPCPluginOptions<AppRouter>["trpcOptions"],
	});
	await registerSpa(app, options.clientDir ?? clientDistDir);
	// Mail is sent after the reply: let queued messages go out before the app closes.
	app.addHook("onClose", () => deps.mailer.idle());
	return app;
}
