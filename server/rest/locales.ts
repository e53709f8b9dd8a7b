import type { FastifyPluginAsync } from "fastify";
import ar from "../../shared/i18n/ar/index.ts";
import en from "../../shared/i18n/en/index.ts";
import fr from "../../shared/i18n/fr/index.ts";

/** The client's dictionaries, bundled with the server (static imports, so a bundle carries them). */
const dictionaries: Record<string, object> = { en, ar, fr };

const notFound = { detail: "Not Found" };

/** GET /locales/{lng}/{ns}.json: the client's texts, one namespace ("translation"). */
export const localesPlugin: FastifyPluginAsync = async (app) => {
	app.get<{ Params: { lng: string; file: string } }>(
		"/locales/:lng/:file",
		{ schema: { hide: true } },
		async (request, reply) => {
			const { lng, file } = request.params;
			const dictionary = Object.hasOwn(dictionaries, lng) ? dictionaries[lng] : undefined;
			if (!dictionary || file !== "translation.json") return reply.status(404).send(notFound);
			return reply.header("cache-control", "no-cache").send(dictionary);
		},
	);
};
