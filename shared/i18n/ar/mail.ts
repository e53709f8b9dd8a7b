import type { Translation } from "../i18n-types";

export const mail = {
	greeting: "مرحبًا {name}،",
	linkHint: "إذا لم يعمل الزر، انسخ هذا الرابط في متصفحك:",
	signature: "فريق Portico",
	validMinutes: "هذا الرابط صالح لمدة {count} {{دقيقة|دقيقة واحدة|دقيقتين|دقائق|دقيقة|دقيقة}}.",
	validHours: "هذا الرابط صالح لمدة {count} {{ساعة|ساعة واحدة|ساعتين|ساعات|ساعة|ساعة}}.",
	validDays: "هذا الرابط صالح لمدة {count} {{يوم|يوم واحد|يومين|أيام|يومًا|يوم}}.",
	reset: {
		subject: "استعادة كلمة المرور",
		intro: "تلقينا طلبًا لإعادة تعيين كلمة مرور حسابك في Portico.",
		button: "إعادة تعيين كلمة المرور",
		ignore: "إذا لم تطلب كلمة مرور جديدة، فتجاهل هذه الرسالة؛ ستبقى كلمة مرورك كما هي.",
	},
} satisfies Translation["mail"];
