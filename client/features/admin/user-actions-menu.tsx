import { DropdownMenu, IconButton } from "@radix-ui/themes";
import { useRef, useState } from "react";
import type { UserPublic } from "../../../shared/schemas/users.ts";
import { useDir } from "../../components/use-dir.ts";
import { useI18n } from "../../i18n/index.tsx";
import { displayName } from "../../lib/display-name.ts";
import { UserSessionsDialog } from "../sessions/user-sessions-dialog.tsx";
import { AdminIdentitiesDialog } from "../sign-in-providers/admin-identities-dialog.tsx";
import { AdminTokensDialog } from "../tokens/admin-tokens-dialog.tsx";
import { ResetTwoFactorDialog } from "../two-factor/reset-two-factor-dialog.tsx";

/** What a row's menu can do to its user. */
export type UserActions = {
	onEdit: (user: UserPublic) => void;
	onToggleActive: (user: UserPublic) => void;
	onResendInvitation: (user: UserPublic) => void;
	onRevokeInvitation: (user: UserPublic) => void;
	onDelete: (user: UserPublic) => void;
};

type Props = { user: UserPublic & { invited?: boolean }; disabled: boolean; actions: UserActions };

function DotsIcon() {
	return (
		<svg width="15" height="15" viewBox="0 0 15 15" aria-hidden="true" focusable="false">
			<circle cx="3" cy="7.5" r="1.4" fill="currentColor" />
			<circle cx="7.5" cy="7.5" r="1.4" fill="currentColor" />
			<circle cx="12" cy="7.5" r="1.4" fill="currentColor" />
		</svg>
	);
}

/**
 * Edit, Activate/Deactivate, then Sessions and Reset two-factor, or for an invited user
 * Resend and Revoke invitation instead, and Delete, for one row; disabled on the admin's own row.
 */
export function UserActionsMenu({ user, disabled, actions }: Props) {
	const { LL } = useI18n();
	const t = LL.admin.menu;
	const dir = useDir();
	const [showSessions, setShowSessions] = useState(false);
	const [showTwoFactor, setShowTwoFactor] = useState(false);
	const [showTokens, setShowTokens] = useState(false);
	const [showIdentities, setShowIdentities] = useState(false);
	const trigger = useRef<HTMLButtonElement>(null);
	const backToMenu = (event: Event) => {
		event.preventDefault();
		trigger.current?.focus();
	};
	return (
		// Not modal: a modal menu hides the rest of the page from screen readers while its links stay focusable.
		<DropdownMenu.Root dir={dir} modal={false}>
			<DropdownMenu.Trigger disabled={disabled}>
				<IconButton
					variant="ghost"
					color="gray"
					aria-label={LL.admin.actionsFor({ name: displayName(user) })}
					data-testid="user-actions"
					data-actions-for={user.id}
					ref={trigger}
				>
					<DotsIcon />
				</IconButton>
			</DropdownMenu.Trigger>
			<DropdownMenu.Content align="end">
				<DropdownMenu.Item onSelect={() => actions.onEdit(user)}>{t.edit()}</DropdownMenu.Item>
				<DropdownMenu.Item onSelect={() => actions.onToggleActive(user)}>
					{user.is_active ? t.deactivate() : t.activate()}
				</DropdownMenu.Item>
				{/*
				 * An invited user never chose a password, so has no session and no second factor: only
				 * the invitation's own actions, while it is pending (once the user has a password, neither can work).
				 */}
				{user.invited ? (
					<>
						<DropdownMenu.Item onSelect={() => actions.onResendInvitation(user)}>
							{t.resendInvitation()}
						</DropdownMenu.Item>
						<DropdownMenu.Item onSelect={() => actions.onRevokeInvitation(user)}>
							{t.revokeInvitation()}
						</DropdownMenu.Item>
					</>
				) : (
					<>
						<DropdownMenu.Item onSelect={() => setShowSessions(true)}>{LL.sessions.admin.menu()}</DropdownMenu.Item>
						<DropdownMenu.Item onSelect={() => setShowTokens(true)}>{LL.sessions.tokens.menu()}</DropdownMenu.Item>
						<DropdownMenu.Item onSelect={() => setShowTwoFactor(true)}>
							{LL.security.adminReset.menu()}
						</DropdownMenu.Item>
					</>
				)}
				<DropdownMenu.Item onSelect={() => setShowIdentities(true)} data-testid="user-identities">
					{LL.signInMethods.admin.userMenu()}
				</DropdownMenu.Item>
				<DropdownMenu.Separator />
				<DropdownMenu.Item color="red" onSelect={() => actions.onDelete(user)}>
					{t.delete()}
				</DropdownMenu.Item>
			</DropdownMenu.Content>
			{/* Their own dialogs (portalled): the menu is closed by the time one opens; focus returns to the menu's button. */}
			<UserSessionsDialog
				user={user}
				open={showSessions}
				onClose={() => setShowSessions(false)}
				onCloseAutoFocus={backToMenu}
			/>
			<AdminTokensDialog
				user={user}
				open={showTokens}
				onClose={() => setShowTokens(false)}
				onCloseAutoFocus={backToMenu}
			/>
			<AdminIdentitiesDialog
				user={user}
				open={showIdentities}
				onClose={() => setShowIdentities(false)}
				onCloseAutoFocus={backToMenu}
			/>
			<ResetTwoFactorDialog
				user={user}
				open={showTwoFactor}
				onClose={() => setShowTwoFactor(false)}
				onCloseAutoFocus={backToMenu}
			/>
		</DropdownMenu.Root>
	);
}
