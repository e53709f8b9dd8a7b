import type { NamespaceSummaryTranslation } from "../../i18n-types";

const summary = {
	accountHeading: "حسابك",
	adminHeading: "كل الحسابات",
	loading: "جارٍ التحميل…",
	loadError: "تعذّر تحميل هذه المعلومات.",
	retry: "إعادة المحاولة",
	email: {
		title: "البريد الإلكتروني",
		verified: "موثَّق",
		notVerified: "غير موثَّق",
		resend: "إرسال رابط توثيق جديد",
	},
	twoFactor: {
		title: "المصادقة الثنائية",
		on: "مفعّلة",
		off: "غير مفعّلة",
		turnOn: "تفعيل المصادقة الثنائية",
		manage: "إدارة المصادقة الثنائية",
	},
	passkeys: {
		title: "مفاتيح المرور",
		none: "لا يوجد بعد",
		add: "إضافة مفتاح مرور",
		manage: "إدارة مفاتيح المرور",
	},
	sessions: {
		title: "الجلسات النشطة",
		review: "مراجعة جلساتك",
	},
	lastSignIn: {
		title: "آخر تسجيل دخول",
		none: "لا يوجد قبل هذا",
		noneHint: "هذا أول تسجيل دخول نعرفه.",
		unknownDevice: "جهاز غير معروف",
		notYou: "لست أنت؟ راجع جلساتك",
	},
	users: {
		title: "المستخدمون",
		link: "إدارة المستخدمين",
	},
	inactive: {
		title: "المستخدمون غير النشطين",
		link: "عرض المستخدمين غير النشطين",
	},
	signups: {
		title: "الحسابات الجديدة خلال آخر 7 أيام",
		link: "عرض أحدث الحسابات",
	},
	auditLog: "فتح سجل التدقيق",
} satisfies NamespaceSummaryTranslation;

export default summary;
