import { toast } from "sonner";

/** Durations of product.md §9. */
export const TOAST_MS = { success: 4000, error: 5000, upload: 3000 } as const;

export function notifySuccess(text: string): void {
	toast.success(text, { duration: TOAST_MS.success });
}

export function notifyError(title: string, text: string): void {
	toast.error(title, { description: text, duration: TOAST_MS.error });
}

export function notifyUploadSuccess(text: string): void {
	toast.success(text, { duration: TOAST_MS.upload });
}
