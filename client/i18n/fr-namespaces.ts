import { namespacesFrom } from "./namespaces-from.ts";

/** Every French namespace: one chunk, loaded by ./namespaces.ts. */
export default namespacesFrom(import.meta.glob("../../shared/i18n/fr/*/index.ts", { eager: true }));
