import type { NamespaceTasksTranslation } from "../../i18n-types";

const tasks = {
	pending: "En attente",
	completed: "Terminée",
	failed: "Échouée",
	processing: "En cours",
	queued: "Tâche mise en file d'attente",
	completedSuccessfully: "Tâche terminée avec succès",
	failedToComplete: "La tâche n'a pas pu aboutir",
} satisfies NamespaceTasksTranslation;

export default tasks;
