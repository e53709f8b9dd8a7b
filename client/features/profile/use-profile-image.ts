import { useMutation } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { fileIdFromUrl, UploadError, uploadMedia, uploadProblem, xhrFetch } from "../../api/rest.ts";
import { useTRPC } from "../../api/trpc.ts";
import { useI18n } from "../../i18n/index.tsx";
import { mutationErrorText, restDetailText } from "../../lib/error-text.ts";
import { notifyError, notifySuccess, notifyUploadSuccess } from "../../lib/toast.ts";
import { useSession } from "../sign-in-state/hooks.ts";
import { useRefreshMe } from "./use-profile.ts";

export type UploadState =
	| { status: "idle" }
	| { status: "uploading"; progress: number }
	| { status: "success" }
	| { status: "error"; message: string };

/**
 * Uploads (checked first, then XHR with progress) or removes the profile image, and saves
 * the profile's image at once. `onChange` gets the new URL ("" when removed).
 */
export function useProfileImage(userId: string | undefined, onChange: (url: string) => void) {
	const { LL } = useI18n();
	const trpc = useTRPC();
	const refreshMe = useRefreshMe();
	const { withSession } = useSession();
	const [state, setState] = useState<UploadState>({ status: "idle" });
	const setImage = useMutation(trpc.profile.setImage.mutationOptions());
	const deleteMedia = useMutation(trpc.media.delete.mutationOptions());
	const failTitle = LL.common.somethingWentWrongTitle();
	const errorText = useCallback(
		(error: unknown) =>
			error instanceof Error && error.message ? mutationErrorText(error, LL) : LL.settings.image.unknownError(),
		[LL],
	);

	const upload = useCallback(
		async (file: File) => {
			const problem = uploadProblem(file, userId);
			if (problem) {
				setState({ status: "error", message: LL.validation[problem]() });
				return;
			}
			setState({ status: "uploading", progress: 0 });
			try {
				const uploaded = await uploadMedia(withSession(xhrFetch), {
					file,
					entityType: "user",
					entityId: userId as string,
					onProgress: (progress) => setState({ status: "uploading", progress }),
				});
				notifyUploadSuccess(LL.settings.image.uploaded());
				await setImage.mutateAsync({ image_url: uploaded.url });
				onChange(uploaded.url);
				setState({ status: "success" });
				notifySuccess(LL.settings.image.updated());
				await refreshMe();
			} catch (error) {
				const message =
					error instanceof UploadError
						? error.message
							? restDetailText(error.message, LL, error.retryAfter)
							: LL.settings.image.unknownError()
						: errorText(error);
				setState({ status: "error", message });
				notifyError(failTitle, LL.settings.image.uploadFailed({ message }));
			}
		},
		[LL, userId, setImage, onChange, refreshMe, errorText, failTitle, withSession],
	);

	const remove = useCallback(
		async (url: string) => {
			try {
				const fileId = fileIdFromUrl(url);
				// Deleting the file also clears the profile on the server; setImage("") covers old URLs.
				if (fileId) await deleteMedia.mutateAsync({ file_id: fileId });
				await setImage.mutateAsync({ image_url: "" });
				onChange("");
				setState({ status: "idle" });
				notifySuccess(LL.settings.image.removed());
				await refreshMe();
			} catch (error) {
				notifyError(failTitle, LL.settings.image.removeFailed({ message: errorText(error) }));
			}
		},
		[LL, deleteMedia, setImage, onChange, refreshMe, errorText, failTitle],
	);

	const busy = state.status === "uploading" || setImage.isPending || deleteMedia.isPending;
	return { state, upload, remove, busy };
}
