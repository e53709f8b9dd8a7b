import type { FastifyPluginAsync } from "fastify";
import { loadAllLocales } from "../../shared/i18n/i18n-util.sync.ts";
import { isLocale, loadedLocales } from "../../shared/i18n/i18n-util.ts";

loadAllLocales();

const notFound = { detail: "Not Found" };

/**
 * GET /locales/{lng}/{ns}.json: the client's texts for each of typesafe-i18n's locales,
 * one namespace ("translation"). The e-mail texts stay on the server.
 */
export const localesPlugin: FastifyPluginAsync = async (app) => {
	app.get<{ Params: { lng: string; file: string } }>(
		"/locales/:lng/:file",
		{ schema: { hide: true } },
		async (request, reply) => {
			const { lng, file } = request.params;
			if (!isLocale(lng) || file !== "translation.json") return reply.status(404).send(notFound);
			const { mail: _serverOnly, ...texts } = loadedLocales[lng];
			return reply.header("cache-control", "no-cache").send(texts);
		},
	);
};
