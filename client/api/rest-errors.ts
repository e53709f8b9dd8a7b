import { type ErrorReason, errorTexts } from "../../shared/errors.ts";

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

/** The reason behind a REST `detail`: the server's texts are `errorTexts`; null for any other text. */
export function reasonOfDetail(detail: string): ErrorReason | null {
	return reasonByDetail.get(detail) ?? null;
}

/**
 * The texts the spec gives to two reasons, and the reason each reads as. "Invalid token" is
 * the FastAPI template's answer to a bad reset token and the spec's to a bad e-mail link
 * token; both reasons say the same in every language, so the detail reads as the reset's.
 * Any other text names one reason (tests/unit/client/rest-errors.test.ts holds both to that).
 */
export const sharedDetails: Readonly<Record<string, ErrorReason>> = { "Invalid token": "INVALID_RESET_TOKEN" };

const reasonByDetail = new Map<string, ErrorReason>([
	...Object.entries(errorTexts).map(([reason, text]) => [text as string, reason as ErrorReason] as const),
	...Object.entries(sharedDetails),
]);

/** The seconds an answer's Retry-After asks to wait (our server sends whole seconds); null without one. */
export function retryAfterOf(response: Pick<Response, "headers">): number | null {
	const seconds = Number(response.headers.get("retry-after") ?? Number.NaN);
	return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}
