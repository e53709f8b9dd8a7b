import { describe, expect, it } from "vitest";
import ar from "../../../shared/i18n/ar/index.ts";
import en from "../../../shared/i18n/en/index.ts";
import fr from "../../../shared/i18n/fr/index.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";

describe("GET /locales/{lng}/{ns}.json", () => {
	it.each([
		["en", en],
		["ar", ar],
		["fr", fr],
	] as const)("serves the shared %s dictionary to anyone", async (lng, dictionary) => {
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
