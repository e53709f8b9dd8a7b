import type { Translation } from "../i18n-types";

export const access = {
	denied: {
		title: "ليس لديك صلاحية الوصول إلى هذه الصفحة",
		text: "هذه الصفحة مخصّصة للمسؤولين. إن كنت تحتاج إليها، فاطلب ذلك من أحدهم.",
		back: "العودة إلى لوحة التحكم",
	},
	sessionEnded: "انتهت جلستك. يرجى تسجيل الدخول مرة أخرى.",
} satisfies Translation["access"];
