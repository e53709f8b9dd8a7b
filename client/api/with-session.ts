import { type CallRecovery, type CallState, FIRST_TRY } from "./call-recovery.ts";
import { reasonOfDetail, restErrorMessage } from "./rest-errors.ts";

/** `fetch`'s shape; `Init` may carry more than RequestInit (an upload's progress callback). */
export type Fetch<Init extends RequestInit = RequestInit> = (url: string, init?: Init) => Promise<Response>;

/** The reason of a refusal, read from the REST `detail` (only a 403's reason matters). */
async function reasonOf(response: Response): Promise<string | null> {
	if (response.status !== 403) return null;
	return reasonOfDetail(restErrorMessage(response.status, await response.clone().text()));
}

/**
 * `fetch` under the session rules, for the app's REST calls (uploads, downloads): it sends
 * the bearer token, and a refused call is sent again once the session has recovered. A
 * refusal that stands is answered as the server answered it.
 */
export function withSession<Init extends RequestInit>(session: CallRecovery, fetch: Fetch<Init>): Fetch<Init> {
	return async (url, init) => {
		for (let state: CallState = FIRST_TRY; ; ) {
			const sentToken = session.tokens.get()?.token;
			const headers = new Headers(init?.headers);
			if (sentToken) headers.set("authorization", `Bearer ${sentToken}`);
			const response = await fetch(url, { ...init, headers } as Init);
			if (response.status !== 401 && response.status !== 403) return response;
			const reason = await reasonOf(response);
			const retry = await session.recover({ path: null, status: response.status, reason, sentToken, state });
			if (!retry) return response;
			state = retry;
		}
	};
}
