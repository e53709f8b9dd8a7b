import { namespacesFrom } from "./namespaces-from.ts";

/** Every Arabic namespace: one chunk, loaded by ./namespaces.ts. */
export default namespacesFrom(import.meta.glob("../../shared/i18n/ar/*/index.ts", { eager: true }));
