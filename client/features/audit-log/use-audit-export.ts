import { useMutation } from "@tanstack/react-query";
import { restErrorMessage } from "../../api/rest-errors.ts";
import { useI18n } from "../../i18n/index.tsx";
import { restDetailText } from "../../lib/error-text.ts";
import { notifyError } from "../../lib/toast.ts";
import { useSession } from "../sign-in-state/hooks.ts";
import { type AuditLogFilters, attachmentName, auditExportUrl } from "./audit-filters.ts";

/** Hands a downloaded file to the browser as if a link had been followed. */
function saveFile(blob: Blob, name: string): void {
	const href = URL.createObjectURL(blob);
	const link = document.createElement("a");
	link.href = href;
	link.download = name;
	link.hidden = true;
	document.body.append(link);
	link.click();
	link.remove();
	// The download has its own copy once started; give the browser a moment before letting go.
	setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** A refused or failed export, with the text to show. */
class ExportError extends Error {}

/** Downloads the CSV of the events matching the filters, under the session's rules (its token, its refresh). */
export function useAuditExport() {
	const { LL } = useI18n();
	const { withSession } = useSession();
	const download = useMutation({
		mutationFn: async (filters: AuditLogFilters) => {
			const send = withSession((url: string, init?: RequestInit) => fetch(url, init));
			let response: Response;
			try {
				response = await send(auditExportUrl(filters));
			} catch {
				throw new ExportError(LL.api.networkError());
			}
			if (!response.ok) {
				throw new ExportError(restDetailText(restErrorMessage(response.status, await response.text()), LL));
			}
			saveFile(await response.blob(), attachmentName(response.headers.get("content-disposition")));
		},
		onError: (error) =>
			notifyError(LL.auditLog.exportFailed(), error instanceof ExportError ? error.message : LL.api.networkError()),
	});
	return { exportCsv: download.mutate, exporting: download.isPending };
}
