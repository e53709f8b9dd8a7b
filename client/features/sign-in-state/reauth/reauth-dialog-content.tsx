import { Dialog, Tabs } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import type { ComponentType } from "react";
import { useTRPC } from "../../../api/trpc.ts";
import { useDir } from "../../../components/use-dir.ts";
import { useI18n, useNamespaces } from "../../../i18n/index.tsx";
import { CodeMethod } from "./code-method.tsx";
import { PasskeyMethod } from "./passkey-method.tsx";
import { PasswordMethod } from "./password-method.tsx";
import { ProviderMethod } from "./provider-method.tsx";
import { type ReauthMethodId, type ReauthMethodProps, reauthMethodsFor } from "./reauth-method.ts";

type Method = { id: string; label: string; Form: ComponentType<ReauthMethodProps> };

/**
 * The open dialog: its title, then the method's form. The password alone, or a tab for each
 * other proof the user has (a two-factor code, a passkey, a linked sign-in provider), chosen
 * among while the first shows: the password, unless the account has none or may not use it.
 */
export default function ReauthDialogContent({ onConfirmed, onCancel }: ReauthMethodProps) {
	// Loaded with the signed-in layout already; this is for a prompt raised on any other screen.
	useNamespaces("reauth", "signInMethods");
	const { LL } = useI18n();
	const dir = useDir();
	const trpc = useTRPC();
	const twoFactor = useQuery(trpc.twoFactor.status.queryOptions());
	const passkeys = useQuery(trpc.passkeys.list.queryOptions());
	const ways = useQuery(trpc.identities.mine.queryOptions());
	const forms: Record<ReauthMethodId, Method> = {
		password: { id: "password", label: LL.reauth.passwordTab(), Form: PasswordMethod },
		code: { id: "code", label: LL.reauth.code.tab(), Form: CodeMethod },
		passkey: { id: "passkey", label: LL.reauth.passkey.tab(), Form: PasskeyMethod },
		provider: { id: "provider", label: LL.signInMethods.reauthTab(), Form: ProviderMethod },
	};
	const methods = reauthMethodsFor({ ways: ways.data, twoFactor: twoFactor.data, passkeys: passkeys.data }).map(
		(id) => forms[id],
	);
	const props = { onConfirmed, onCancel };
	const [first] = methods;

	return (
		<Dialog.Root open onOpenChange={(open) => (open ? undefined : onCancel())}>
			<Dialog.Content maxWidth="420px" data-testid="reauth-dialog">
				<Dialog.Title>{LL.reauth.title()}</Dialog.Title>
				{methods.length === 1 && first ? (
					<first.Form {...props} />
				) : (
					<Tabs.Root dir={dir} defaultValue={first?.id ?? "password"} key={first?.id}>
						<Tabs.List aria-label={LL.reauth.methods()} mb="3">
							{methods.map((method) => (
								<Tabs.Trigger key={method.id} value={method.id} data-testid={`reauth-method-${method.id}`}>
									{method.label}
								</Tabs.Trigger>
							))}
						</Tabs.List>
						{methods.map(({ id, Form }) => (
							<Tabs.Content key={id} value={id}>
								<Form {...props} />
							</Tabs.Content>
						))}
					</Tabs.Root>
				)}
			</Dialog.Content>
		</Dialog.Root>
	);
}
