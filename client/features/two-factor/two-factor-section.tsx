import { AlertDialog, Badge, Button, Flex, Heading, Spinner, Text } from "@radix-ui/themes";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import type { TotpSetup } from "../../../shared/schemas/two-factor.ts";
import { useTRPC } from "../../api/trpc.ts";
import { useI18n } from "../../i18n/index.tsx";
import { notifyMutationError } from "../../lib/error-text.ts";
import { localDate } from "../../lib/locale-format.ts";
import { notifySuccess } from "../../lib/toast.ts";
import { RecoveryCodes } from "./recovery-codes.tsx";
import { TwoFactorSetup } from "./two-factor-setup.tsx";
import { useRefreshTwoFactorStatus, useTwoFactorStatus } from "./use-two-factor.ts";

/**
 * Two-factor in Settings -> Security: its status, Enable (QR code, key, first code), the
 * recovery codes once, Disable and new codes. Each change that needs a recent proof of
 * identity gets it through the session's confirmation dialog, then goes on.
 */
export function TwoFactorSection() {
	const { LL, locale } = useI18n();
	const t = LL.security.twoFactor;
	const trpc = useTRPC();
	const status = useTwoFactorStatus();
	const refresh = useRefreshTwoFactorStatus();
	const [setup, setSetup] = useState<TotpSetup | null>(null);
	const [codes, setCodes] = useState<string[] | null>(null);
	const [confirming, setConfirming] = useState<"disable" | "regenerate" | null>(null);
	const start = useMutation(trpc.twoFactor.setup.mutationOptions());
	const disable = useMutation(trpc.twoFactor.disable.mutationOptions());
	const regenerate = useMutation(trpc.twoFactor.regenerateRecoveryCodes.mutationOptions());

	const run = async (work: () => Promise<void>) => {
		try {
			await work();
		} catch (error) {
			notifyMutationError(error, LL);
		} finally {
			await refresh();
		}
	};
	const enableClicked = () => run(async () => setSetup(await start.mutateAsync()));
	// The confirmation closes first: a confirmation of identity may be asked next.
	const confirmed = () => {
		const action = confirming;
		setConfirming(null);
		return action === "disable"
			? run(async () => {
					await disable.mutateAsync();
					notifySuccess(t.disabled());
				})
			: run(async () => setCodes((await regenerate.mutateAsync()).recovery_codes));
	};

	const heading = (
		<Flex gap="3" align="center" wrap="wrap">
			<Heading as="h2" size="4" id="two-factor-heading">
				{t.heading()}
			</Heading>
			{status.data ? (
				<Badge highContrast color={status.data.enabled ? "green" : "gray"} data-testid="totp-status">
					{status.data.enabled ? t.on() : t.off()}
				</Badge>
			) : null}
		</Flex>
	);

	let body: React.ReactNode;
	if (codes) body = <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
	else if (setup)
		body = (
			<TwoFactorSetup
				setup={setup}
				onEnabled={(fresh) => {
					setSetup(null);
					setCodes(fresh);
					void refresh();
				}}
				onCancel={() => setSetup(null)}
			/>
		);
	else if (!status.data) body = <Spinner />;
	else if (!status.data.enabled)
		body = (
			<Flex>
				<Button loading={start.isPending} onClick={() => void enableClicked()} data-testid="totp-enable">
					{t.enable()}
				</Button>
			</Flex>
		);
	else {
		const since = status.data.enabled_at ? localDate(status.data.enabled_at, locale) : "";
		body = (
			<Flex direction="column" gap="3">
				<Text size="2" color="gray">
					{t.since({ date: since })}
					{" · "}
					<span data-testid="recovery-codes-left">{t.codesLeft({ count: status.data.recovery_codes_left })}</span>
				</Text>
				<Flex gap="3" wrap="wrap">
					<Button highContrast variant="soft" onClick={() => setConfirming("regenerate")}>
						{t.regenerate()}
					</Button>
					<Button
						highContrast
						variant="soft"
						color="red"
						onClick={() => setConfirming("disable")}
						data-testid="totp-disable"
					>
						{t.disable()}
					</Button>
				</Flex>
			</Flex>
		);
	}

	return (
		<Flex direction="column" gap="3" maxWidth="640px" asChild>
			<section aria-labelledby="two-factor-heading">
				{heading}
				<Text color="gray">{t.intro()}</Text>
				{body}
				<AlertDialog.Root open={confirming !== null} onOpenChange={(open) => (open ? undefined : setConfirming(null))}>
					<AlertDialog.Content maxWidth="440px">
						<AlertDialog.Title>{confirming === "disable" ? t.disableTitle() : t.regenerate()}</AlertDialog.Title>
						<AlertDialog.Description size="2">
							{confirming === "disable" ? t.disableText() : t.regenerateText()}
						</AlertDialog.Description>
						<Flex gap="3" mt="4" justify="end">
							<AlertDialog.Cancel>
								<Button variant="soft" color="gray">
									{t.cancel()}
								</Button>
							</AlertDialog.Cancel>
							<Button
								highContrast={confirming === "disable"}
								color={confirming === "disable" ? "red" : undefined}
								onClick={() => void confirmed()}
								data-testid="totp-confirm"
							>
								{confirming === "disable" ? t.disable() : t.regenerate()}
							</Button>
						</Flex>
					</AlertDialog.Content>
				</AlertDialog.Root>
			</section>
		</Flex>
	);
}
