import type { NamespaceFormsTranslation } from "../../i18n-types";

const forms = {
	required: "هذا الحقل مطلوب",
	invalidEmail: "يرجى إدخال بريد إلكتروني صالح",
	passwordMinLength: "يجب أن تتكون كلمة المرور من {min_length} أحرف على الأقل",
	passwordsDoNotMatch: "كلمتا المرور غير متطابقتين",
	invalidPhone: "يرجى إدخال رقم هاتف صالح",
	invalidUrl: "يرجى إدخال رابط صالح",
	minLength: "يجب أن يتكون من {min} أحرف على الأقل",
	maxLength: "يجب ألا يزيد عن {max} حرفًا",
	mustBeNumber: "يجب أن يكون رقمًا",
	mustBePositive: "يجب أن يكون رقمًا موجبًا",
	mustBeWhole: "يجب أن يكون عددًا صحيحًا",
} satisfies NamespaceFormsTranslation;

export default forms;
