import type { ResetTexts } from "./types.ts";

export const ar: ResetTexts = {
	dir: "rtl",
	subject: "استعادة كلمة المرور",
	greeting: (name) => `مرحبًا ${name}،`,
	intro: "تلقينا طلبًا لإعادة تعيين كلمة مرور حسابك في Portico.",
	button: "إعادة تعيين كلمة المرور",
	validity: (minutes) => `هذا الرابط صالح لمدة ${minutes} دقيقة.`,
	linkHint: "إذا لم يعمل الزر، انسخ هذا الرابط في متصفحك:",
	ignore: "إذا لم تطلب كلمة مرور جديدة، فتجاهل هذه الرسالة؛ ستبقى كلمة مرورك كما هي.",
	signature: "فريق Portico",
};
