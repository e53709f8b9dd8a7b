import { Avatar, Box, Button, DropdownMenu, Text } from "@radix-ui/themes";
import { Link } from "react-router-dom";
import type { UserPublic } from "../../../shared/schemas/users.ts";
import { LogoutIcon, SettingsIcon, UserIcon } from "../../components/icons.tsx";
import { useI18n } from "../../i18n/index.tsx";
import { displayName } from "../../lib/display-name.ts";
import { useSession } from "../sign-in-state/hooks.ts";

/** Avatar, name and a menu: Account label, Profile, Settings, Logout. */
export function UserMenu({ user, imageUrl }: { user: UserPublic; imageUrl?: string | null }) {
	const { LL } = useI18n();
	const { logout } = useSession();
	const name = displayName(user);
	return (
		<DropdownMenu.Root modal={false}>
			<DropdownMenu.Trigger>
				<Button variant="ghost" color="gray" size="3" data-testid="user-menu" aria-label={LL.common.userMenu()}>
					<span data-testid="user-avatar" style={{ display: "contents" }}>
						<Avatar size="2" radius="full" src={imageUrl ?? undefined} fallback={name.charAt(0).toUpperCase()} alt="" />
					</span>
					<Box asChild display={{ initial: "none", sm: "block" }}>
						<Text truncate style={{ maxWidth: 180 }} dir="auto">
							{name}
						</Text>
					</Box>
				</Button>
			</DropdownMenu.Trigger>
			<DropdownMenu.Content align="end">
				<DropdownMenu.Label>{LL.common.account()}</DropdownMenu.Label>
				<DropdownMenu.Item asChild>
					<Link to="/settings">
						<UserIcon /> {LL.common.profile()}
					</Link>
				</DropdownMenu.Item>
				<DropdownMenu.Item asChild>
					<Link to="/settings">
						<SettingsIcon /> {LL.common.settings()}
					</Link>
				</DropdownMenu.Item>
				<DropdownMenu.Separator />
				<DropdownMenu.Item color="red" onSelect={() => void logout()}>
					<LogoutIcon /> {LL.common.logout()}
				</DropdownMenu.Item>
			</DropdownMenu.Content>
		</DropdownMenu.Root>
	);
}
