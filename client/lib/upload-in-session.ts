import { authFailureAction } from "./auth-policy.ts";
import { authStore } from "./auth-store.ts";
import { UploadError, type UploadedMedia, type UploadOptions, uploadMedia } from "./rest.ts";
import { endSession } from "./session.ts";
import { refreshTokens } from "./trpc.ts";

/**
 * The upload under the same session rule as every tRPC call (contract §5): on a 401 one
 * refresh and one retry, else the session ends; a 403 ends it too.
 */
export async function uploadMediaInSession(options: Omit<UploadOptions, "token">): Promise<UploadedMedia> {
	for (let retried = false; ; retried = true) {
		try {
			return await uploadMedia({ ...options, token: authStore.get()?.token });
		} catch (error) {
			if (!(error instanceof UploadError)) throw error;
			const action = authFailureAction({
				path: "media.upload",
				status: error.status,
				reason: null,
				retried,
				hasRefreshToken: Boolean(authStore.get()?.refreshToken),
			});
			if (action === "refresh" && (await refreshTokens())) continue;
			if (action !== "none") endSession();
			throw error;
		}
	}
}
