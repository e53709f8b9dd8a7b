import type { CreateFastifyContextOptions } from "@trpc/server/adapters/fastify";
import { requestMeta } from "../http/session.ts";
import type { ServiceDeps } from "../services/deps.ts";

/** Built per request; authentication happens in the procedures that need it. */
export const makeCreateContext =
	(deps: ServiceDeps) =>
	({ req, res }: CreateFastifyContextOptions) => ({ deps, req, res, meta: requestMeta(req) });

export type Context = Awaited<ReturnType<ReturnType<typeof makeCreateContext>>>;
