import { Avatar, Button, Flex, Progress, Text } from "@radix-ui/themes";
import { useEffect, useId, useRef, useState } from "react";
import { imageExtensions } from "../../../shared/schemas/media.ts";
import { useI18n } from "../../i18n/index.tsx";
import type { UploadState } from "./use-profile-image.ts";

type Props = {
	/** The saved image URL, "" when there is none. */
	value: string;
	fallback: string;
	state: UploadState;
	busy: boolean;
	onFile: (file: File) => void;
	onRemove: () => void;
};

/** Preview, upload (with a progress bar) and removal of the profile image. */
export function ProfileImageField({ value, fallback, state, busy, onFile, onRemove }: Props) {
	const { LL } = useI18n();
	const inputRef = useRef<HTMLInputElement>(null);
	const id = useId();
	const [localPreview, setLocalPreview] = useState<string | null>(null);

	useEffect(() => {
		if (state.status !== "uploading" && localPreview) {
			URL.revokeObjectURL(localPreview);
			setLocalPreview(null);
		}
	}, [state.status, localPreview]);

	const preview = localPreview ?? (value || null);
	const choose = (file: File | undefined) => {
		if (!file) return;
		if (file.type.startsWith("image/")) setLocalPreview(URL.createObjectURL(file));
		onFile(file);
		// Choosing the same file again must fire a change.
		if (inputRef.current) inputRef.current.value = "";
	};

	return (
		<Flex direction="column" gap="2" data-testid="profile-image-field">
			<Text as="div" size="2" weight="medium" id={`${id}-label`}>
				{LL.settings.profile.image()}
			</Text>
			<Flex gap="4" align="center" wrap="wrap">
				<Avatar
					size="6"
					radius="full"
					src={preview ?? undefined}
					fallback={fallback}
					alt={LL.settings.image.alt()}
					data-testid="profile-image-preview"
				/>
				<Flex direction="column" gap="2">
					<Flex gap="2" wrap="wrap">
						<input
							ref={inputRef}
							id={`${id}-input`}
							type="file"
							accept={imageExtensions.join(",")}
							hidden
							data-testid="profile-image-input"
							onChange={(event) => choose(event.target.files?.[0])}
						/>
						<Button
							highContrast
							type="button"
							variant="soft"
							disabled={busy}
							aria-describedby={`${id}-hint`}
							onClick={() => inputRef.current?.click()}
						>
							{value ? LL.settings.image.change() : LL.settings.image.choose()}
						</Button>
						{value ? (
							<Button highContrast type="button" variant="soft" color="red" disabled={busy} onClick={onRemove}>
								{LL.settings.image.remove()}
							</Button>
						) : null}
					</Flex>
					<Text id={`${id}-hint`} size="1" color="gray">
						{LL.settings.image.hint()}
					</Text>
				</Flex>
			</Flex>
			{state.status === "uploading" ? (
				<Flex direction="column" gap="1" data-testid="upload-progress">
					<Progress value={state.progress} aria-label={LL.settings.image.progressLabel()} max={100} />
					<Text size="1" color="gray" aria-live="polite">
						{LL.settings.image.uploading({ percent: state.progress })}
					</Text>
				</Flex>
			) : null}
			{state.status === "error" ? (
				<Text size="2" color="red" role="alert" data-testid="upload-error">
					{state.message}
				</Text>
			) : null}
		</Flex>
	);
}
