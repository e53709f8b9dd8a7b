import { describe, expect, it } from "vitest";
import ar from "../../../shared/i18n/ar/audit/index.ts";
import en from "../../../shared/i18n/en/audit/index.ts";
import fr from "../../../shared/i18n/fr/audit/index.ts";
import { auditActionKey, auditActions } from "../../../shared/schemas/audit.ts";

describe("audit actions in plain words", () => {
	it.each([
		["en", en],
		["ar", ar],
		["fr", fr],
	] as const)("every action of the vocabulary has a %s label, and no label is left over", (_locale, dictionary) => {
		const labels = dictionary.actions as Record<string, string>;
		for (const action of auditActions) expect(labels[auditActionKey(action)], action).toMatch(/\S/);
		expect(Object.keys(labels).sort()).toEqual(auditActions.map(auditActionKey).sort());
	});
});
