import type { NamespaceBaseTranslation } from "../../namespace-base";

const dashboard = {
	greeting: "Hi, {name}",
	welcome: "Welcome back, nice to see you again!",
} satisfies NamespaceBaseTranslation;

export default dashboard;
