import { describe, expect, it } from "vitest";
import ar from "../../../client/i18n/ar-namespaces.ts";
import en from "../../../client/i18n/en-namespaces.ts";
import fr from "../../../client/i18n/fr-namespaces.ts";
import { namespaces } from "../../../shared/i18n/i18n-util.ts";

describe("each language's namespace chunk", () => {
	it.each([
		["en", en],
		["ar", ar],
		["fr", fr],
	])("%s holds every namespace, each with its texts", (_, texts) => {
		expect(Object.keys(texts).sort()).toEqual([...namespaces].sort());
		for (const name of namespaces) expect(Object.keys(texts[name]).length, name).toBeGreaterThan(0);
	});
});
