import type { NamespaceBaseTranslation } from "../../namespace-base";

const tasks = {
	pending: "Pending",
	completed: "Completed",
	failed: "Failed",
	processing: "Processing",
	queued: "Task queued for processing",
	completedSuccessfully: "Task completed successfully",
	failedToComplete: "Task failed to complete",
} satisfies NamespaceBaseTranslation;

export default tasks;
