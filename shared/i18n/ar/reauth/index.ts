import type { NamespaceReauthTranslation } from "../../i18n-types";

const reauth = {
	title: "تأكيد هويتك",
	confirm: "تأكيد",
	cancel: "إلغاء",
	password: {
		text: "حفاظًا على أمانك، أدخل كلمة المرور للمتابعة.",
		label: "كلمة المرور",
	},
	code: {
		tab: "رمز",
		text: "أدخل رمزًا من تطبيق المصادقة، أو أحد رموز الاسترداد الخاصة بك.",
		label: "رمز التحقق بخطوتين",
	},
	passkey: {
		tab: "مفتاح مرور",
		text: "استخدم أحد مفاتيح المرور الخاصة بك لتأكيد هويتك.",
		button: "استخدام مفتاح مرور",
	},
	methods: "طريقة التأكيد",
	passwordTab: "كلمة المرور",
} satisfies NamespaceReauthTranslation;

export default reauth;
