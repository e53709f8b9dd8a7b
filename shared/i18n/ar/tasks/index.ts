import type { NamespaceTasksTranslation } from "../../i18n-types";

const tasks = {
	pending: "قيد الانتظار",
	completed: "مكتملة",
	failed: "فشلت",
	processing: "قيد المعالجة",
	queued: "تمت إضافة المهمة إلى قائمة الانتظار",
	completedSuccessfully: "اكتملت المهمة بنجاح",
	failedToComplete: "تعذر إكمال المهمة",
} satisfies NamespaceTasksTranslation;

export default tasks;
