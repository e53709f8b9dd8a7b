import type { Translation } from "../i18n-types";

export const providers = {
	continueWith: "المتابعة باستخدام {name}",
	orWith: "أو",
} satisfies Translation["providers"];
