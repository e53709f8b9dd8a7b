import { Box, Button, Callout, Flex, Heading, Text } from "@radix-ui/themes";
import { useEffect, useRef } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { useLeaveGuard } from "../../components/use-leave-guard.ts";
import { useI18n } from "../../i18n/index.tsx";
import { notifySuccess } from "../../lib/toast.ts";
import { useCurrentUser } from "../sign-in-state/hooks.ts";

/** A text file the browser saves, made in the page: the codes never travel again. */
function download(name: string, text: string): void {
	const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
	const link = document.createElement("a");
	link.href = url;
	link.download = name;
	link.click();
	URL.revokeObjectURL(url);
}

/** New recovery codes, shown once: Copy, Download, and "I have saved them" to close. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
	const { LL } = useI18n();
	const t = LL.security.codes;
	const email = useCurrentUser().data?.email ?? "";
	// Shown once: leaving the page (another tab, the menu, Back, a reload) asks first, as unsaved edits do.
	const leaving = useLeaveGuard(true);
	const ask = LL.confirmations.unsavedCodes;
	// Focus comes to the codes (the button that was clicked is gone): read out, and on a phone
	// kept clear of the toast that says two-factor is on (components/toast-clearance.ts).
	const shown = useRef<HTMLDivElement>(null);
	useEffect(() => shown.current?.focus(), []);
	const asText = `${t.file({ email })}\n\n${codes.join("\n")}\n`;
	const copy = async () => {
		await navigator.clipboard.writeText(codes.join("\n"));
		notifySuccess(t.copied());
	};
	return (
		<Flex
			direction="column"
			gap="3"
			data-testid="recovery-codes"
			ref={shown}
			tabIndex={-1}
			role="region"
			aria-labelledby="recovery-codes-heading"
			style={{ outline: "none" }}
		>
			<Heading as="h3" size="3" id="recovery-codes-heading">
				{t.heading()}
			</Heading>
			<Callout.Root highContrast color="amber" role="note">
				<Callout.Text>{t.text()}</Callout.Text>
			</Callout.Root>
			<Box asChild p="3" style={{ background: "var(--gray-a3)", borderRadius: "var(--radius-3)" }}>
				<ol className="recovery-code-list" aria-label={t.heading()}>
					{codes.map((code) => (
						<li key={code} data-testid="recovery-code">
							<Text size="3" className="code-text">
								{code}
							</Text>
						</li>
					))}
				</ol>
			</Box>
			<Flex gap="3" wrap="wrap">
				<Button highContrast variant="soft" onClick={() => void copy()}>
					{t.copy()}
				</Button>
				<Button highContrast variant="soft" onClick={() => download("portico-recovery-codes.txt", asText)}>
					{t.download()}
				</Button>
				<Button onClick={onDone}>{t.done()}</Button>
			</Flex>
			<ConfirmDialog
				open={leaving.state === "blocked"}
				title={ask.title()}
				text={ask.text()}
				confirmLabel={ask.leave()}
				cancelLabel={ask.stay()}
				pending={false}
				onConfirm={() => leaving.proceed?.()}
				onClose={() => leaving.reset?.()}
				testId="unsaved-codes-dialog"
			/>
		</Flex>
	);
}
