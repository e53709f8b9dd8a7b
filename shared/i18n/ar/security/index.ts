import type { NamespaceSecurityTranslation } from "../../i18n-types";

const ar_security = {
	twoFactor: {
		heading: "التحقق بخطوتين",
		intro: "سجّل الدخول برمز من تطبيق مصادقة إضافةً إلى كلمة المرور.",
		on: "مفعّل",
		off: "غير مفعّل",
		since: "مفعّل منذ {date}",
		codesLeft: "رموز الاسترداد المتبقية: {count}",
		enable: "تفعيل",
		disable: "إيقاف",
		scan: "امسح رمز QR هذا بتطبيق المصادقة، أو اكتب المفتاح فيه.",
		qrAlt: "رمز QR لإضافة Portico إلى تطبيق مصادقة",
		key: "المفتاح",
		code: "الرمز من التطبيق",
		verify: "تحقّق وفعّل",
		cancel: "إلغاء",
		enabled: "تم تفعيل التحقق بخطوتين",
		disableTitle: "إيقاف التحقق بخطوتين؟",
		disableText: "سيطلب تسجيل الدخول كلمة المرور فقط، ولن تعمل رموز الاسترداد بعد الآن.",
		disabled: "تم إيقاف التحقق بخطوتين",
		regenerate: "إنشاء رموز استرداد جديدة",
		regenerateText: "لن تعمل رموز الاسترداد الحالية بعد الآن.",
	},
	codes: {
		heading: "رموز الاسترداد الخاصة بك",
		text: "كل رمز يتيح لك تسجيل الدخول مرة واحدة إذا فقدت هاتفك. احفظها في مكان آمن: لن تُعرض إلا الآن.",
		copy: "نسخ",
		download: "تنزيل",
		copied: "تم النسخ",
		done: "لقد حفظتها",
		file: "رموز استرداد Portico للحساب {email}",
	},
	login: {
		heading: "التحقق بخطوتين",
		codeText: "أدخل الرمز من تطبيق المصادقة.",
		codeLabel: "رمز التحقق بخطوتين",
		recoveryText: "أدخل أحد رموز الاسترداد الخاصة بك.",
		recoveryLabel: "رمز الاسترداد",
		recoveryInstead: "استخدام رمز استرداد",
		appInstead: "استخدام تطبيق المصادقة",
		verify: "تحقّق",
		back: "العودة إلى تسجيل الدخول",
	},
} satisfies NamespaceSecurityTranslation;

export default ar_security;
