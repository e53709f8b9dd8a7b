import { namespacesFrom } from "./namespaces-from.ts";

/** Every English namespace: one chunk, loaded by ./namespaces.ts. */
export default namespacesFrom(import.meta.glob("../../shared/i18n/en/*/index.ts", { eager: true }));
