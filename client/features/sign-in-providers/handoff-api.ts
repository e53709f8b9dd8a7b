import type { TokenPair } from "../../../shared/schemas/auth.ts";
import { reasonOfDetail, restErrorMessage } from "../../api/rest-errors.ts";

/** The refusal of a hand-off that never reached the server. */
export const NETWORK_FAILURE = "NETWORK";

export type HandoffOutcome = { tokens: TokenPair } | { mfaToken: string } | { refused: string };

/**
 * POST /login/oidc/complete: the hand-off code for a token pair, the second step's token, or
 * a refusal's reason. REST, not tRPC: the request must carry the flow's HttpOnly cookie,
 * which the browser sends only under /api/v1/login/oidc.
 */
export async function completeHandoff(handoff: string): Promise<HandoffOutcome> {
	let response: Response;
	let text: string;
	try {
		response = await fetch("/api/v1/login/oidc/complete", {
			method: "POST",
			headers: { "content-type": "application/json", accept: "application/json" },
			body: JSON.stringify({ handoff }),
		});
		text = await response.text();
	} catch {
		return { refused: NETWORK_FAILURE };
	}
	const body = parseJson(text);
	if (response.ok && typeof body?.access_token === "string") return { tokens: body as unknown as TokenPair };
	if (response.status === 401 && typeof body?.mfa_token === "string") return { mfaToken: body.mfa_token };
	return { refused: reasonOfDetail(restErrorMessage(response.status, text)) ?? "" };
}

function parseJson(text: string): Record<string, unknown> | null {
	try {
		const value: unknown = JSON.parse(text);
		return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
	} catch {
		return null;
	}
}
