import { imageFileProblem } from "../../shared/schemas/media.ts";
import type { ValidationMessageKey } from "../../shared/schemas/messages.ts";

/** What POST /api/v1/media/upload answers. */
export type UploadedMedia = {
	file_id: string;
	url: string;
	entity_type: string;
	entity_id: string;
	content_type: string;
	size: number;
};

export const UPLOAD_PATH = "/api/v1/media/upload";

/** The first reason a file may not be uploaded, as a validation key; null when it may. */
export function uploadProblem(
	file: { name: string; size: number },
	entityId: string | null | undefined,
): Extract<ValidationMessageKey, "entityIdRequired" | "imageType" | "imageSize"> | null {
	if (!entityId) return "entityIdRequired";
	return imageFileProblem(file);
}

export function buildUploadForm(file: Blob, fileName: string, entityType: string, entityId: string): FormData {
	const form = new FormData();
	// Fields before the file: the server reads them while streaming the multipart body.
	form.append("entity_type", entityType);
	form.append("entity_id", entityId);
	form.append("file", file, fileName);
	return form;
}

/** The text of a REST error body: `{detail: string}` or FastAPI's 422 `{detail: [{msg}]}`. */
export function restErrorMessage(status: number, body: string): string {
	try {
		const parsed: unknown = JSON.parse(body);
		if (parsed && typeof parsed === "object" && "detail" in parsed) {
			const detail = (parsed as { detail: unknown }).detail;
			if (typeof detail === "string" && detail) return detail;
			if (Array.isArray(detail)) {
				const first: unknown = detail[0];
				if (first && typeof first === "object" && "msg" in first && typeof first.msg === "string") return first.msg;
			}
		}
	} catch {
		// not JSON: fall through to the status
	}
	return status === 0 ? "" : `HTTP ${status}`;
}

export class UploadError extends Error {
	constructor(
		message: string,
		readonly status: number,
	) {
		super(message);
		this.name = "UploadError";
	}
}

export type UploadOptions = {
	file: File;
	entityType?: string;
	entityId: string;
	token: string | null | undefined;
	/** 0..100 */
	onProgress?: (percent: number) => void;
	signal?: AbortSignal;
};

/** Uploads with XMLHttpRequest, because fetch reports no upload progress. */
export function uploadMedia({
	file,
	entityType = "user",
	entityId,
	token,
	onProgress,
	signal,
}: UploadOptions): Promise<UploadedMedia> {
	return new Promise((resolve, reject) => {
		const xhr = new XMLHttpRequest();
		xhr.open("POST", UPLOAD_PATH);
		xhr.withCredentials = true;
		if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
		xhr.upload.onprogress = (event) => {
			if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
		};
		xhr.onload = () => {
			if (xhr.status >= 200 && xhr.status < 300) {
				try {
					onProgress?.(100);
					resolve(JSON.parse(xhr.responseText) as UploadedMedia);
				} catch {
					reject(new UploadError("", xhr.status));
				}
				return;
			}
			reject(new UploadError(restErrorMessage(xhr.status, xhr.responseText), xhr.status));
		};
		xhr.onerror = () => reject(new UploadError("", 0));
		xhr.onabort = () => reject(new UploadError("", 0));
		signal?.addEventListener("abort", () => xhr.abort(), { once: true });
		xhr.send(buildUploadForm(file, file.name, entityType, entityId));
	});
}

/** The file id at the end of a `/api/v1/media/serve/<type>/<id>/<file_id>` URL, or null. */
export function fileIdFromUrl(url: string | null | undefined): string | null {
	if (!url) return null;
	const match = /\/media\/serve\/[^/]+\/[^/]+\/([0-9a-f]{32})(?:[?#].*)?$/.exec(url);
	return match?.[1] ?? null;
}
