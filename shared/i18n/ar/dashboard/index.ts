import type { NamespaceDashboardTranslation } from "../../i18n-types";

const dashboard = {
	greeting: "مرحبًا، {name}",
	welcome: "مرحبًا بعودتك، يسعدنا رؤيتك مجددًا!",
} satisfies NamespaceDashboardTranslation;

export default dashboard;
