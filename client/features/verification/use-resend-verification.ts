import { useMutation } from "@tanstack/react-query";
import { useI18n } from "../../i18n/index.tsx";
import { notifyMutationError } from "../../lib/error-text.ts";
import { notifySuccess } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";

/** `users.resendVerification` with its toasts: "sent", or the reason (already verified, 5 an hour). */
export function useResendVerification() {
	const { LL } = useI18n();
	const trpc = useTRPC();
	return useMutation(
		trpc.users.resendVerification.mutationOptions({
			onSuccess: () => notifySuccess(LL.verification.banner.sent()),
			onError: (error) => notifyMutationError(error, LL),
		}),
	);
}
