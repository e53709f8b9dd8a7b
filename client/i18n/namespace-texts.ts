import type { BaseTranslation } from "typesafe-i18n";
import type { Namespaces } from "../../shared/i18n/i18n-types.ts";

/**
 * A language's namespaces, all of them (./<lang>-namespaces.ts): a missing one fails the
 * type check (each namespace's file checks its own texts).
 */
export type NamespaceTexts = Record<Namespaces, BaseTranslation>;
