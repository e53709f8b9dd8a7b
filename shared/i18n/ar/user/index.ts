import type { NamespaceUserTranslation } from "../../i18n-types";

const user = {
	fullName: "الاسم الكامل",
	firstName: "الاسم الأول",
	lastName: "اسم العائلة",
	email: "البريد الإلكتروني",
	phone: "رقم الهاتف",
	address: "العنوان",
	city: "المدينة",
	country: "الدولة",
	language: "اللغة",
	timezone: "المنطقة الزمنية",
	avatar: "الصورة الرمزية",
	bio: "نبذة شخصية",
	website: "الموقع الإلكتروني",
} satisfies NamespaceUserTranslation;

export default user;
