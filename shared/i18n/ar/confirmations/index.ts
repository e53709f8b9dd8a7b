import type { NamespaceConfirmationsTranslation } from "../../i18n-types";

const confirmations = {
	unsaved: {
		title: "تجاهل التغييرات غير المحفوظة؟",
		text: "لم تُحفظ تغييراتك على الملف الشخصي. إذا غادرت الآن فستضيع.",
		stay: "متابعة التعديل",
		leave: "تجاهل التغييرات",
	},
	unsavedCodes: {
		title: "المغادرة دون رموز الاسترداد؟",
		text: "تُعرض هذه الرموز الآن فقط. إذا غادرت قبل حفظها، فسيتعيّن عليك إنشاء رموز جديدة.",
		stay: "البقاء",
		leave: "المغادرة",
	},
	removeImage: {
		title: "إزالة صورة الملف الشخصي؟",
		text: "ستُحذف الصورة. يمكنك رفع صورة أخرى في أي وقت.",
		confirm: "إزالة الصورة",
		cancel: "إلغاء",
	},
	deactivateUser: {
		title: "تعطيل {name}؟",
		text: "سيُسجَّل خروج {name} من كل الأجهزة ولن يتمكن من تسجيل الدخول حتى يُفعَّل الحساب من جديد.",
		confirm: "تعطيل",
		cancel: "إلغاء",
	},
} satisfies NamespaceConfirmationsTranslation;

export default confirmations;
