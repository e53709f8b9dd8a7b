import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildTestApp } from "../../helpers/build-test-app.ts";

/** A language's whole dictionary as its files hold it: the root one plus every namespace folder. */
async function dictionaryOf(lng: string): Promise<Record<string, unknown>> {
	const folder = new URL(`../../../shared/i18n/${lng}/`, import.meta.url);
	const dictionary = { ...(await import(`../../../shared/i18n/${lng}/index.ts`)).default };
	for (const entry of readdirSync(folder, { withFileTypes: true }).filter((entry) => entry.isDirectory()))
		dictionary[entry.name] = (await import(`../../../shared/i18n/${lng}/${entry.name}/index.ts`)).default;
	return dictionary;
}

describe("GET /locales/{lng}/{ns}.json", () => {
	it.each(["en", "ar", "fr"])("serves the whole %s dictionary, namespaces included, to anyone", async (lng) => {
		const dictionary = await dictionaryOf(lng);
		expect(Object.keys(dictionary)).toEqual(expect.arrayContaining(["common", "admin", "settings"]));
		const { app } = await buildTestApp();
		const answer = await app.inject({ method: "GET", url: `/locales/${lng}/translation.json` });
		expect(answer.statusCode).toBe(200);
		expect(answer.headers["content-type"]).toMatch(/^application\/json/);
		const { mail: _serverOnly, ...clientTexts } = dictionary;
		expect(answer.json()).toEqual(JSON.parse(JSON.stringify(clientTexts)));
		expect(answer.json()).not.toHaveProperty("mail");
	});

	it("gives the languages apart", async () => {
		const { app } = await buildTestApp();
		const texts = await Promise.all(
			["en", "ar", "fr"].map(
				async (lng) => (await app.inject({ method: "GET", url: `/locales/${lng}/translation.json` })).body,
			),
		);
		expect(new Set(texts).size).toBe(3);
	});

	it.each([
		"/locales/de/translation.json",
		"/locales/en/common.json",
		"/locales/en/translation",
		"/locales/..%2F..%2Fserver/translation.json",
		"/locales/en/..%2Ftranslation.json",
		"/locales/EN/translation.json",
		"/locales/en",
	])("answers 404 {detail: Not Found} for %s", async (url) => {
		const { app } = await buildTestApp();
		const answer = await app.inject({ method: "GET", url });
		expect(answer.statusCode).toBe(404);
		expect(answer.json()).toEqual({ detail: "Not Found" });
	});

	it("is not under /api/v1", async () => {
		const { app } = await buildTestApp();
		expect((await app.inject({ method: "GET", url: "/api/v1/locales/en/translation.json" })).statusCode).toBe(404);
	});
});
