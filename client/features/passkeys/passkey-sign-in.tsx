import { Button } from "@radix-ui/themes";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import type { TokenPair } from "../../../shared/schemas/auth.ts";
import { useTRPC } from "../../api/trpc.ts";
import { useI18n } from "../../i18n/index.tsx";
import { notifyError } from "../../lib/toast.ts";
import { ipAddressHost, passkeyErrorText, passkeysSupported, signWithPasskey } from "./webauthn.ts";

/**
 * "Sign in with a passkey" on the login screen: no e-mail typed, the device offers the
 * passkeys it holds for this site. Absent where the browser has no passkeys at all.
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: (pair: TokenPair) => void }) {
	const { LL } = useI18n();
	const trpc = useTRPC();
	const options = useMutation(trpc.passkeys.loginOptions.mutationOptions());
	const login = useMutation(trpc.passkeys.login.mutationOptions());
	const [busy, setBusy] = useState(false);
	if (!passkeysSupported() || ipAddressHost()) return null;

	const signIn = async () => {
		setBusy(true);
		try {
			const response = await signWithPasskey(await options.mutateAsync());
			onSignedIn(await login.mutateAsync({ response }));
		} catch (error) {
			notifyError(LL.common.error(), passkeyErrorText(error, LL));
		} finally {
			setBusy(false);
		}
	};

	return (
		<Button
			type="button"
			size="3"
			variant="soft"
			highContrast
			loading={busy}
			onClick={() => void signIn()}
			data-testid="passkey-sign-in"
		>
			{LL.security.login.passkey()}
		</Button>
	);
}
