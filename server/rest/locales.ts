import type { FastifyPluginAsync } from "fastify";

const languages = new Set(["en", "ar", "fr"]);
const cache = new Map<string, Promise<object | null>>();

/** The shared dictionary of a language (shared/i18n/<lng>/index.ts, default export), or null. */
function loadDictionary(lng: string): Promise<object | null> {
	let loaded = cache.get(lng);
	if (!loaded) {
		const url = new URL(`../../shared/i18n/${lng}/index.ts`, import.meta.url).href;
		loaded = import(url).then(
			(module: { default?: unknown }) =>
				typeof module.default === "object" && module.default !== null ? module.default : null,
			() => {
				// Not there (yet): try again next time instead of remembering the miss.
				cache.delete(lng);
				return null;
			},
		);
		cache.set(lng, loaded);
	}
	return loaded;
}

const notFound = { detail: "Not Found" };

/** GET /locales/{lng}/{ns}.json: the client's texts, one namespace ("translation"). */
export const localesPlugin: FastifyPluginAsync = async (app) => {
	app.get<{ Params: { lng: string; file: string } }>(
		"/locales/:lng/:file",
		{ schema: { hide: true } },
		async (request, reply) => {
			const { lng, file } = request.params;
			if (!languages.has(lng) || file !== "translation.json") return reply.status(404).send(notFound);
			const dictionary = await loadDictionary(lng);
			if (!dictionary) return reply.status(404).send(notFound);
			return reply.header("cache-control", "no-cache").send(dictionary);
		},
	);
};
