import type { NamespaceDashboardTranslation } from "../../i18n-types";

const dashboard = {
	greeting: "Bonjour, {name}",
	welcome: "Bon retour, ravi de vous revoir !",
} satisfies NamespaceDashboardTranslation;

export default dashboard;
