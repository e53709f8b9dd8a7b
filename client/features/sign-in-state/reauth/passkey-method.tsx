import { Button, Dialog, Flex, Text } from "@radix-ui/themes";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../../../api/trpc.ts";
import { useI18n } from "../../../i18n/index.tsx";
import { passkeyErrorText, signWithPasskey } from "../../passkeys/webauthn.ts";
import type { ReauthMethodProps } from "./reauth-method.ts";

/** Confirms with one of the user's passkeys: the device's own prompt; a refusal shows in the dialog. */
export function PasskeyMethod({ onConfirmed, onCancel }: ReauthMethodProps) {
	const { LL } = useI18n();
	const trpc = useTRPC();
	const options = useMutation(trpc.passkeys.reauthenticationOptions.mutationOptions());
	const reauthenticate = useMutation(trpc.auth.reauthenticate.mutationOptions());
	const [busy, setBusy] = useState(false);
	const [error, setError] = useState<string | null>(null);

	const confirm = async () => {
		setBusy(true);
		setError(null);
		try {
			const passkey = await signWithPasskey(await options.mutateAsync());
			await reauthenticate.mutateAsync({ passkey });
			onConfirmed();
		} catch (failure) {
			setError(passkeyErrorText(failure, LL));
		} finally {
			setBusy(false);
		}
	};

	return (
		<>
			<Dialog.Description size="2" mb="4">
				{LL.reauth.passkey.text()}
			</Dialog.Description>
			{error ? (
				<Text as="p" size="2" color="red" role="alert" mb="3" data-testid="reauth-passkey-error">
					{error}
				</Text>
			) : null}
			<Flex gap="3" justify="end" mt="4">
				<Button type="button" variant="soft" color="gray" onClick={onCancel}>
					{LL.reauth.cancel()}
				</Button>
				<Button highContrast loading={busy} onClick={() => void confirm()} data-testid="reauth-passkey">
					{LL.reauth.passkey.button()}
				</Button>
			</Flex>
		</>
	);
}
