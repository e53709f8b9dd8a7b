/**
 * The type an English namespace (shared/i18n/en/<namespace>/index.ts) satisfies. Not the
 * generated `BaseTranslation`: that one forbids the namespaces' names as keys at the top,
 * and the sessions and summary namespaces have keys named after other namespaces.
 * Importing it from here also matters to the generator: it compiles each namespace with
 * what it imports, and a file that imports nothing from shared/i18n compiles to the same
 * temporary path as every other namespace, so all would read as the first one.
 */
export type { BaseTranslation as NamespaceBaseTranslation } from "typesafe-i18n";
