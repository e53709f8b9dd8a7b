import type { NamespaceAuditLogTranslation } from "../../i18n-types";

const auditLog = {
	nav: "سجل التدقيق",
	title: "سجل التدقيق",
	intro: "كل حدث أمني في كل حساب: من فعل ماذا، ولمن، ومتى، ومن أين.",
	tableLabel: "الأحداث الأمنية",
	columns: {
		time: "الوقت",
		action: "الإجراء",
		actor: "بواسطة",
		subject: "الحساب",
		ip: "عنوان IP",
	},
	nobody: "لا أحد",
	filters: {
		label: "تصفية الأحداث",
		action: "الإجراء",
		allActions: "كل الإجراءات",
		user: "البريد الإلكتروني للمستخدم",
		userHint: "العنوان كاملًا أو بدايته",
		from: "من",
		to: "إلى",
		clear: "مسح عوامل التصفية",
		dayLetters: { day: "يوم", month: "شهر", year: "سنة" },
		dayInvalid: "أدخل اليوم بالصيغة {pattern}",
		dayOutOfRange: "يجب ألا يكون «من» بعد «إلى»",
	},
	count: "الأحداث المطابقة: {count}",
	export: "تصدير CSV",
	exporting: "جارٍ التصدير…",
	exportFailed: "فشل التصدير",
	loading: "جارٍ تحميل الأحداث…",
	empty: "لا توجد أحداث بعد.",
	noMatch: "لا توجد أحداث تطابق عوامل التصفية هذه.",
	loadFailed: "تعذّر تحميل الأحداث.",
	retry: "حاول مرة أخرى",
} satisfies NamespaceAuditLogTranslation;

export default auditLog;
