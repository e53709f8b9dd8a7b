import { Box, Button, Callout, Card, Checkbox, Flex, Heading, Select, Text, TextField } from "@radix-ui/themes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { type TokenPublic, type TokenScope, tokenScopes } from "../../../shared/schemas/tokens.ts";
import { useTRPC } from "../../api/trpc.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { useI18n } from "../../i18n/index.tsx";
import { notifyMutationError } from "../../lib/error-text.ts";
import { notifySuccess } from "../../lib/toast.ts";
import { useCurrentUser } from "../sign-in-state/hooks.ts";
import { TokenRow } from "./token-row.tsx";

const LIFETIMES = [7, 30, 90, 365] as const;

/** Dictionary keys cannot hold a colon. */
const SCOPE_KEYS = { read: "read", write: "write", "admin:read": "admin_read", "admin:write": "admin_write" } as const;

/**
 * Settings -> Tokens: personal access tokens for scripts. Create one (name, scopes, end):
 * it is shown once, with Copy; the list shows each token's scopes, end and last use, and
 * Revoke asks first. Creating needs a recent proof of identity (the reauth dialog asks).
 */
export function TokensPanel() {
	const { LL } = useI18n();
	const t = LL.sessions.tokens;
	const trpc = useTRPC();
	const queryClient = useQueryClient();
	const isSuperuser = useCurrentUser().data?.is_superuser ?? false;
	const tokens = useQuery(trpc.tokens.list.queryOptions());
	const create = useMutation(trpc.tokens.create.mutationOptions());
	const revoke = useMutation(trpc.tokens.revoke.mutationOptions());
	const [name, setName] = useState("");
	const [scopes, setScopes] = useState<TokenScope[]>(["read"]);
	const [days, setDays] = useState("30");
	const [created, setCreated] = useState<string | null>(null);
	const [revoking, setRevoking] = useState<TokenPublic | null>(null);
	const [revokeOpen, setRevokeOpen] = useState(false);
	const heading = useRef<HTMLHeadingElement>(null);
	const offered = tokenScopes.filter((scope) => isSuperuser || !scope.startsWith("admin:"));
	const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.tokens.list.queryKey() });
	const now = Date.now();

	const submit = async (event: React.FormEvent) => {
		event.preventDefault();
		try {
			const made = await create.mutateAsync({ name, scopes, expires_in_days: Number(days) });
			setCreated(made.token);
			setName("");
			notifySuccess(t.created());
		} catch (error) {
			notifyMutationError(error, LL);
		}
		await refresh();
	};
	const confirmRevoke = async () => {
		if (!revoking) return;
		try {
			await revoke.mutateAsync({ token_id: revoking.id });
			notifySuccess(t.revoked());
			setRevokeOpen(false);
		} catch (error) {
			notifyMutationError(error, LL);
		}
		await refresh();
	};

	return (
		<Flex direction="column" gap="5" maxWidth="720px">
			<Flex direction="column" gap="3">
				<Heading as="h2" size="4" ref={heading} tabIndex={-1} style={{ outline: "none" }}>
					{t.heading()}
				</Heading>
				<Text size="2" color="gray">
					{t.intro()}
				</Text>
			</Flex>
			<Card asChild>
				<form onSubmit={submit} aria-label={t.createLabel()} data-testid="token-form">
					<Flex direction="column" gap="3">
						<Box>
							<Text as="label" htmlFor="token-name" size="2" weight="medium" mb="1" style={{ display: "block" }}>
								{t.name()}
							</Text>
							<TextField.Root
								id="token-name"
								value={name}
								maxLength={100}
								required
								onChange={(event) => setName(event.target.value)}
								data-testid="token-name"
							/>
						</Box>
						<fieldset style={{ border: 0, padding: 0, margin: 0 }}>
							<Text as="div" size="2" weight="medium" mb="1" asChild>
								<legend>{t.scopes()}</legend>
							</Text>
							<Flex direction="column" gap="2">
								{offered.map((scope) => (
									<Text as="label" size="2" key={scope}>
										<Flex gap="2" align="center">
											<Checkbox
												checked={scopes.includes(scope)}
												onCheckedChange={(on) =>
													setScopes((now) => (on ? [...now, scope] : now.filter((s) => s !== scope)))
												}
												data-testid={`token-scope-${scope}`}
											/>
											<span>
												<bdi dir="ltr">{scope}</bdi>: {t.scopeText[SCOPE_KEYS[scope]]()}
											</span>
										</Flex>
									</Text>
								))}
							</Flex>
						</fieldset>
						<Box>
							<Text as="div" size="2" weight="medium" mb="1" id="token-days-label">
								{t.expires()}
							</Text>
							<Select.Root value={days} onValueChange={setDays}>
								<Select.Trigger aria-labelledby="token-days-label" data-testid="token-days" />
								<Select.Content>
									{LIFETIMES.map((n) => (
										<Select.Item key={n} value={String(n)}>
											{t.days({ count: n })}
										</Select.Item>
									))}
								</Select.Content>
							</Select.Root>
						</Box>
						<Flex>
							<Button
								type="submit"
								loading={create.isPending}
								disabled={scopes.length === 0}
								data-testid="token-create"
							>
								{t.create()}
							</Button>
						</Flex>
					</Flex>
				</form>
			</Card>
			{created ? (
				<Callout.Root color="green" highContrast data-testid="token-created">
					<Callout.Text>{t.shownOnce()}</Callout.Text>
					<Flex gap="2" wrap="wrap" align="center">
						<Box flexGrow="1" minWidth="0">
							<TextField.Root
								readOnly
								value={created}
								aria-label={t.tokenLabel()}
								dir="ltr"
								data-testid="token-value"
								onFocus={(event) => event.currentTarget.select()}
							/>
						</Box>
						<Button
							highContrast
							data-testid="token-copy"
							onClick={async () => {
								await navigator.clipboard?.writeText(created);
								notifySuccess(t.copied());
							}}
						>
							{t.copy()}
						</Button>
					</Flex>
				</Callout.Root>
			) : null}
			<Flex direction="column" gap="2" asChild>
				<ul aria-label={t.listLabel()} style={{ listStyle: "none", padding: 0, margin: 0 }} data-testid="token-list">
					{tokens.data?.data.length === 0 ? (
						<Text as="p" size="2" color="gray">
							{t.empty()}
						</Text>
					) : null}
					{tokens.data?.data.map((token) => (
						<TokenRow
							key={token.id}
							token={token}
							now={now}
							testIdPrefix="token"
							onRevoke={(chosen) => {
								setRevoking(chosen);
								setRevokeOpen(true);
							}}
						/>
					))}
				</ul>
			</Flex>
			<ConfirmDialog
				open={revokeOpen}
				title={t.revokeDialog.title()}
				text={t.revokeDialog.text({ name: revoking?.name ?? "" })}
				confirmLabel={t.revoke()}
				cancelLabel={LL.common.cancel()}
				pending={revoke.isPending}
				onConfirm={confirmRevoke}
				onClose={() => setRevokeOpen(false)}
				onCloseAutoFocus={(event) => {
					event.preventDefault();
					heading.current?.focus();
				}}
				testId="token-revoke-dialog"
			/>
		</Flex>
	);
}
