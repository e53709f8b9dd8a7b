import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../../api/trpc.ts";
import { useI18n } from "../../i18n/index.tsx";
import { notifyMutationError } from "../../lib/error-text.ts";
import { notifySuccess } from "../../lib/toast.ts";

/** After a link is sent, Resend rests this long: a new mail takes a moment, and the server allows 5 an hour. */
export const RESEND_COOLDOWN_S = 60;

const retryAfterOf = (error: unknown): number | null => {
	const seconds = (error as { data?: { retryAfter?: unknown } } | null)?.data?.retryAfter;
	return typeof seconds === "number" && seconds > 0 ? seconds : null;
};

/**
 * `users.resendVerification` with its toasts: "sent", or the reason (already verified, 5 an
 * hour); `until` is when Resend may be pressed again (after a send, or the wait a refusal gave).
 */
export function useResendVerification() {
	const { LL } = useI18n();
	const trpc = useTRPC();
	const [until, setUntil] = useState(0);
	const mutation = useMutation(
		trpc.users.resendVerification.mutationOptions({
			onSuccess: () => {
				setUntil(Date.now() + RESEND_COOLDOWN_S * 1000);
				notifySuccess(LL.verification.banner.sent());
			},
			onError: (error) => {
				const wait = retryAfterOf(error);
				if (wait) setUntil(Date.now() + wait * 1000);
				notifyMutationError(error, LL);
			},
		}),
	);
	return { ...mutation, until };
}
