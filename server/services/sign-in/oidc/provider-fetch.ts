import type { CustomFetch } from "openid-client";
import type { Scheduler } from "../../../lib/scheduler.ts";

/** Every call to a provider (discovery, keys, token, userinfo) gives up after this long. */
export const PROVIDER_TIMEOUT_MS = 5_000;

/** A provider that did not answer in time: the abort's reason, so the logs and the audit can say so. */
export class ProviderTimeout extends Error {
	constructor(url: string) {
		super(`the provider did not answer within ${PROVIDER_TIMEOUT_MS} ms: ${new URL(url).origin}`);
		this.name = "ProviderTimeout";
	}
}

/** Whether an error (or one it was caused by) is a provider's timeout. */
export function isProviderTimeout(error: unknown): boolean {
	for (let at = error, depth = 0; at instanceof Error && depth < 5; at = at.cause, depth++)
		if (at instanceof ProviderTimeout) return true;
	return false;
}

const NO_BODY = new Set([204, 205, 304]);

/**
 * openid-client's fetch (its `customFetch`) for every call to a provider: the whole answer,
 * its body included, must arrive within PROVIDER_TIMEOUT_MS of the deps' scheduler, or the
 * call is aborted. A provider that accepts the connection and never answers (or stops in the
 * middle of its body) then fails like a provider that is down, instead of holding the request.
 */
export const providerFetch =
	(scheduler: Scheduler): CustomFetch =>
	async (url, options) => {
		const timeout = new AbortController();
		const cancel = scheduler.after(PROVIDER_TIMEOUT_MS, () => timeout.abort(new ProviderTimeout(url)));
		const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
		try {
			const response = await fetch(url, { ...options, signal } as RequestInit);
			const body = NO_BODY.has(response.status) ? null : await response.arrayBuffer();
			return new Response(body, {
				status: response.status,
				statusText: response.statusText,
				headers: response.headers,
			});
		} catch (error) {
			throw timeout.signal.aborted ? timeout.signal.reason : error;
		} finally {
			cancel();
		}
	};
