import type { Translation } from "../i18n-types";

export const errorHints = {
	tryAgainIn: "حاول مرة أخرى بعد {seconds|wait}.",
	contactAdmin: "تواصل مع أحد المسؤولين.",
	resetLinkInvalid: "انتهت صلاحية هذا الرابط أو سبق استخدامه. اطلب رسالة استعادة جديدة.",
} satisfies Translation["errorHints"];
