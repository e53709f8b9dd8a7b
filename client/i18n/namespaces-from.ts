import type { NamespaceTexts } from "./namespace-texts.ts";

type NamespaceModules = Record<string, { default: NamespaceTexts[keyof NamespaceTexts] }>;

/**
 * A language's namespaces from its folder's modules (`import.meta.glob` of
 * shared/i18n/<lang>/<namespace>/index.ts, eager: one chunk per language), keyed by folder.
 * tests/unit/client/namespaces.test.ts holds each language to the full list.
 */
export const namespacesFrom = (modules: NamespaceModules): NamespaceTexts =>
	Object.fromEntries(
		Object.entries(modules).map(([path, module]) => [path.split("/").at(-2), module.default]),
	) as NamespaceTexts;
