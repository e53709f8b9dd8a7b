import { Button, Callout, Flex, Heading, Spinner, Text } from "@radix-ui/themes";
import { useMutation } from "@tanstack/react-query";
import { useRef, useState } from "react";
import type { PasskeyPublic } from "../../../shared/schemas/passkeys.ts";
import { useTRPC } from "../../api/trpc.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { useI18n } from "../../i18n/index.tsx";
import { notifyMutationError } from "../../lib/error-text.ts";
import { notifyError, notifySuccess } from "../../lib/toast.ts";
import { PasskeyRow } from "./passkey-row.tsx";
import { RenamePasskeyDialog } from "./rename-passkey-dialog.tsx";
import { usePasskeys, useRefreshPasskeys } from "./use-passkeys.ts";
import { createPasskey, ipAddressHost, passkeyErrorText, passkeysSupported } from "./webauthn.ts";

/**
 * Passkeys in Settings -> Security: the list (name, added, last used), Add a passkey (the
 * device's own prompt), Rename and Remove. Adding and removing need a recent proof of
 * identity, which the session's confirmation dialog gets before the call goes on.
 */
export function PasskeysSection() {
	const { LL } = useI18n();
	const t = LL.security.passkeys;
	const ipAddress = ipAddressHost();
	const trpc = useTRPC();
	const list = usePasskeys();
	const refresh = useRefreshPasskeys();
	const options = useMutation(trpc.passkeys.registrationOptions.mutationOptions());
	const register = useMutation(trpc.passkeys.register.mutationOptions());
	const remove = useMutation(trpc.passkeys.remove.mutationOptions());
	const [adding, setAdding] = useState(false);
	// The passkey stays named while its dialog closes (the text must not vanish mid-animation).
	const [chosen, setChosen] = useState<PasskeyPublic | null>(null);
	const [dialog, setDialog] = useState<"rename" | "remove" | null>(null);
	// Where focus goes when a dialog closes: its button if it is still there, else the heading.
	const trigger = useRef<HTMLElement | null>(null);
	const heading = useRef<HTMLHeadingElement>(null);
	const restoreFocus = (event: Event) => {
		event.preventDefault();
		(trigger.current?.isConnected ? trigger.current : heading.current)?.focus();
	};
	const open = (which: "rename" | "remove") => (passkey: PasskeyPublic, button: HTMLElement) => {
		trigger.current = button;
		setChosen(passkey);
		setDialog(which);
	};

	const add = async () => {
		setAdding(true);
		try {
			const response = await createPasskey(await options.mutateAsync());
			await register.mutateAsync({ response });
			notifySuccess(t.added());
		} catch (error) {
			notifyError(LL.common.somethingWentWrongTitle(), passkeyErrorText(error, LL));
		} finally {
			setAdding(false);
			await refresh();
		}
	};
	const confirmRemove = async () => {
		if (!chosen) return;
		try {
			await remove.mutateAsync({ passkey_id: chosen.id });
			notifySuccess(t.removed());
			setDialog(null);
		} catch (error) {
			notifyMutationError(error, LL);
		}
		await refresh();
	};

	let body: React.ReactNode = <Spinner />;
	if (list.isError) body = <Text color="red">{LL.common.somethingWentWrong()}</Text>;
	else if (list.data && list.data.count === 0)
		body = (
			<Text color="gray" data-testid="passkeys-empty">
				{t.empty()}
			</Text>
		);
	else if (list.data)
		body = (
			<Flex asChild direction="column" gap="2" m="0" p="0" style={{ listStyle: "none" }}>
				<ul aria-label={t.listLabel()} data-testid="passkey-list">
					{list.data.data.map((passkey) => (
						<PasskeyRow key={passkey.id} passkey={passkey} onRename={open("rename")} onRemove={open("remove")} />
					))}
				</ul>
			</Flex>
		);

	return (
		<Flex direction="column" gap="3" maxWidth="720px" asChild>
			<section aria-labelledby="passkeys-heading">
				<Heading as="h2" size="4" id="passkeys-heading" ref={heading} tabIndex={-1}>
					{t.heading()}
				</Heading>
				<Text color="gray">{t.intro()}</Text>
				{body}
				{ipAddress ? (
					<Callout.Root color="gray" role="note" data-testid="passkeys-ip-address">
						<Callout.Text>{t.ipAddress({ host: ipAddress })}</Callout.Text>
					</Callout.Root>
				) : passkeysSupported() ? (
					<Flex>
						<Button loading={adding} onClick={() => void add()} data-testid="passkey-add">
							{t.add()}
						</Button>
					</Flex>
				) : (
					<Callout.Root color="gray" role="note">
						<Callout.Text>{t.unsupported()}</Callout.Text>
					</Callout.Root>
				)}
				<RenamePasskeyDialog
					passkey={chosen}
					open={dialog === "rename"}
					onClose={() => setDialog(null)}
					onRenamed={() => void refresh()}
					onCloseAutoFocus={restoreFocus}
				/>
				<ConfirmDialog
					open={dialog === "remove"}
					testId="remove-passkey-dialog"
					title={t.removeTitle()}
					text={t.removeText({ name: chosen?.name ?? "" })}
					confirmLabel={t.remove()}
					cancelLabel={t.cancel()}
					pending={remove.isPending}
					onClose={() => setDialog(null)}
					onConfirm={() => void confirmRemove()}
					onCloseAutoFocus={restoreFocus}
				/>
			</section>
		</Flex>
	);
}
