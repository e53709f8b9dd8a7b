import type { NamespaceAuditTranslation } from "../../i18n-types";

const audit = {
	actions: {
		user__signup: "تم إنشاء الحساب",
		auth__login: "تسجيل الدخول",
		auth__login_failed: "محاولة تسجيل دخول فاشلة",
		auth__logout: "تسجيل الخروج",
		auth__logout_all: "تسجيل الخروج من كل مكان",
		auth__refresh_reuse: "انتهت الجلسة: اكتُشف رمز مسروق",
		auth__reauthenticate: "تم تأكيد الهوية",
		password__change: "تم تغيير كلمة المرور",
		password__reset_request: "طلب إعادة تعيين كلمة المرور",
		password__reset: "تمت إعادة تعيين كلمة المرور",
		email__change: "تم تغيير البريد الإلكتروني",
		email__change_reverted: "تم التراجع عن تغيير البريد الإلكتروني",
		account__credentials_removed: "أُزيلت مفاتيح المرور والتحقق بخطوتين عند استعادة الحساب",
		email__verify: "تم التحقق من البريد الإلكتروني",
		session__revoke: "تم إلغاء جلسة",
		session__revoke_others: "تم إلغاء الجلسات الأخرى",
		totp__enable: "تم تفعيل المصادقة الثنائية",
		totp__disable: "تم تعطيل المصادقة الثنائية",
		recovery_codes__regenerate: "تم إنشاء رموز استرداد جديدة",
		recovery_code__use: "تم استخدام رمز استرداد",
		passkey__add: "تمت إضافة مفتاح مرور",
		passkey__remove: "تمت إزالة مفتاح مرور",
		identity__link: "تم ربط مزوّد تسجيل الدخول",
		admin__user_create: "أنشأ مسؤول المستخدم",
		admin__user_invite: "تمت دعوة المستخدم",
		admin__user_update: "حدّث مسؤول المستخدم",
		admin__user_delete: "حذف مسؤول المستخدم",
		admin__sessions_revoke: "سجّل مسؤول الخروج من كل مكان",
		admin__totp_reset: "أعاد مسؤول تعيين المصادقة الثنائية",
		user__delete: "تم حذف الحساب",
	},
} satisfies NamespaceAuditTranslation;

export default audit;
