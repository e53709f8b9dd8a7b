import type { Translation } from "../i18n-types";

export const providers = {
	continueWith: "Continuer avec {name}",
	orWith: "ou",
} satisfies Translation["providers"];
