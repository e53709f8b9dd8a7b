import { fileIdOfServePath, imageFileProblem } from "../../shared/schemas/media.ts";
import type { ValidationMessageKey } from "../../shared/schemas/messages.ts";
import { restErrorMessage, retryAfterOf } from "./rest-errors.ts";

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

export class UploadError extends Error {
	constructor(
		message: string,
		readonly status: number,
		/** The answer's Retry-After in seconds (a busy image queue, a rate limit); null without one. */
		readonly retryAfter: number | null = null,
	) {
		super(message);
		this.name = "UploadError";
	}
}

/** RequestInit plus the upload progress (0..100) that XMLHttpRequest reports and fetch does not. */
export type UploadInit = RequestInit & { onUploadProgress?: (percent: number) => void };

const bodilessStatuses = new Set([204, 205, 304]);

/** XMLHttpRequest's raw header block ("name: value" lines) as Headers. */
function parseHeaders(raw: string): Headers {
	const headers = new Headers();
	for (const line of raw.trim().split(/[\r\n]+/)) {
		const at = line.indexOf(":");
		if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
	}
	return headers;
}

/** `fetch` over XMLHttpRequest, for the upload's progress. */
export function xhrFetch(url: string, init: UploadInit = {}): Promise<Response> {
	return new Promise((resolve, reject) => {
		const xhr = new XMLHttpRequest();
		xhr.open(init.method ?? "GET", url);
		xhr.withCredentials = true;
		for (const [name, value] of new Headers(init.headers)) xhr.setRequestHeader(name, value);
		xhr.upload.onprogress = (event) => {
			if (event.lengthComputable) init.onUploadProgress?.(Math.round((event.loaded / event.total) * 100));
		};
		xhr.onload = () => {
			const body = bodilessStatuses.has(xhr.status) ? null : xhr.responseText;
			const headers = parseHeaders(xhr.getAllResponseHeaders());
			resolve(new Response(body, { status: xhr.status, statusText: xhr.statusText, headers }));
		};
		xhr.onerror = () => reject(new TypeError("Network request failed"));
		xhr.onabort = () => reject(new DOMException("The upload was aborted", "AbortError"));
		init.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
		xhr.send((init.body as XMLHttpRequestBodyInit | null | undefined) ?? null);
	});
}

export type UploadOptions = {
	file: File;
	entityType?: string;
	entityId: string;
	/** 0..100 */
	onProgress?: (percent: number) => void;
	signal?: AbortSignal;
};

/** Uploads one file with `send` (xhrFetch under the session); rejects with an UploadError. */
export async function uploadMedia(
	send: (url: string, init: UploadInit) => Promise<Response>,
	{ file, entityType = "user", entityId, onProgress, signal }: UploadOptions,
): Promise<UploadedMedia> {
	let response: Response;
	let body: string;
	try {
		const form = buildUploadForm(file, file.name, entityType, entityId);
		response = await send(UPLOAD_PATH, { method: "POST", body: form, signal, onUploadProgress: onProgress });
		body = await response.text();
	} catch {
		throw new UploadError("", 0);
	}
	if (!response.ok)
		throw new UploadError(restErrorMessage(response.status, body), response.status, retryAfterOf(response));
	try {
		const uploaded = JSON.parse(body) as UploadedMedia;
		onProgress?.(100);
		return uploaded;
	} catch {
		throw new UploadError("", response.status);
	}
}

/** The file id of a media serve URL (relative, or absolute on this site), or null. */
export function fileIdFromUrl(url: string | null | undefined): string | null {
	if (!url) return null;
	try {
		// Only the path counts; the base just lets a relative URL parse.
		return fileIdOfServePath(new URL(url, "http://relative.invalid").pathname);
	} catch {
		return null;
	}
}
