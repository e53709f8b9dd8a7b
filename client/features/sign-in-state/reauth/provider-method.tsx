import { Button, Dialog, Flex, Text } from "@radix-ui/themes";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { isolate } from "../../../../shared/i18n/direction.ts";
import { useTRPC } from "../../../api/trpc.ts";
import { useI18n } from "../../../i18n/index.tsx";
import { mutationErrorText } from "../../../lib/error-text.ts";
import type { ReauthMethodProps } from "./reauth-method.ts";

/**
 * Confirms at a provider the user has linked ("Continue with <provider>"): the browser goes
 * there (asked to sign in again) and comes back to this page, where the action is done again.
 */
export function ProviderMethod({ onCancel }: ReauthMethodProps) {
	const { LL } = useI18n();
	const t = LL.signInMethods;
	const trpc = useTRPC();
	const methods = useQuery(trpc.identities.mine.queryOptions());
	const start = useMutation(trpc.identities.startReauth.mutationOptions());
	const [error, setError] = useState<string | null>(null);

	const go = async (provider: string) => {
		setError(null);
		try {
			const returnTo = window.location.pathname + window.location.search;
			const { authorization_url } = await start.mutateAsync({ provider, return_to: returnTo });
			window.location.assign(authorization_url);
		} catch (failure) {
			setError(mutationErrorText(failure, LL));
		}
	};

	return (
		<>
			<Dialog.Description size="2" mb="4">
				{t.reauthText()}
			</Dialog.Description>
			{error ? (
				<Text as="p" size="2" color="red" role="alert" mb="3" data-testid="reauth-provider-error">
					{error}
				</Text>
			) : null}
			<Flex direction="column" gap="2">
				{(methods.data?.identities ?? []).map((identity) =>
					identity.kind === "github" ? (
						// GitHub cannot confirm a fresh sign-in (no max_age): signing in through it again can.
						<Text as="p" size="2" color="gray" key={identity.id} data-testid={`reauth-provider-${identity.provider}`}>
							{LL.api.reasons.PROVIDER_CANNOT_REAUTHENTICATE()}
						</Text>
					) : (
						<Button
							key={identity.id}
							variant="outline"
							highContrast
							loading={start.isPending && start.variables?.provider === identity.provider}
							onClick={() => void go(identity.provider)}
							data-testid={`reauth-provider-${identity.provider}`}
						>
							{t.reauthWith({ name: isolate(identity.provider_name) })}
						</Button>
					),
				)}
			</Flex>
			<Flex gap="3" justify="end" mt="4">
				<Button type="button" variant="soft" color="gray" onClick={onCancel}>
					{LL.reauth.cancel()}
				</Button>
			</Flex>
		</>
	);
}
