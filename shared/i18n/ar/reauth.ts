import type { Translation } from "../i18n-types";

export const reauth = {
	title: "تأكيد هويتك",
	confirm: "تأكيد",
	cancel: "إلغاء",
	password: {
		text: "حفاظًا على أمانك، أدخل كلمة المرور للمتابعة.",
		label: "كلمة المرور",
	},
} satisfies Translation["reauth"];
