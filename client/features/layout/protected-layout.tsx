import { Dialog, Flex, IconButton, Text, VisuallyHidden } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import { Link, Navigate, Outlet, useLocation } from "react-router-dom";
import { ErrorFallback, RouteErrorBoundary } from "../../components/error-boundary.tsx";
import { CloseIcon, MenuIcon } from "../../components/icons.tsx";
import { ContentSkeleton, UserMenuSkeleton } from "../../components/loading-skeletons.tsx";
import { useI18n, useNamespaces } from "../../i18n/index.tsx";
import { useMediaQuery } from "../../lib/use-media-query.ts";
import { useProfile } from "../profile/use-profile.ts";
import { useCurrentUser, useSession } from "../sign-in-state/hooks.ts";
import { VerifyBanner } from "../verification/verify-banner.tsx";
import { LanguageSelect } from "./language-select.tsx";
import { SideNav } from "./side-nav.tsx";
import { ThemeControl } from "./theme-control.tsx";
import { UserMenu } from "./user-menu.tsx";

const NARROW = "(max-width: 767.98px)";

/**
 * Header (60 px) + side menu (300 px; a drawer under 768 px) around the signed-in screens.
 * They show at once; until the user is known, the user menu and the screen are skeletons
 * (and the menu has no Admin entries: the role decides them).
 */
export function ProtectedLayout() {
	// The signed-in screens' texts, out of the dictionary /login loads (docs/decisions/022).
	useNamespaces(...SIGNED_IN_NAMESPACES);
	return <SignedInLayout />;
}

/** All the namespaces: the e-mailed links' screens load `verification` too. */
const SIGNED_IN_NAMESPACES = [
	"admin",
	"audit",
	"auditLog",
	"confirmations",
	"dashboard",
	"forms",
	"reauth",
	"sessions",
	"settings",
	"signInMethods",
	"summary",
	"tasks",
	"user",
	"verification",
] as const;

function SignedInLayout() {
	const { LL } = useI18n();
	const { tokens } = useSession();
	const { data: user, isPending, error } = useCurrentUser();
	// Loads beside users.me (no waterfall); only the avatar needs it here.
	const { data: profile } = useProfile();
	const narrow = useMediaQuery(NARROW);
	const [drawerOpen, setDrawerOpen] = useState(false);
	const [sidebarOpen, setSidebarOpen] = useState(true);
	const location = useLocation();

	// biome-ignore lint/correctness/useExhaustiveDependencies: close the drawer whenever the route changes
	useEffect(() => setDrawerOpen(false), [location.pathname]);

	if (!tokens) return <Navigate to="/login" replace />;
	// A lost session redirects (the tRPC link clears the tokens); anything else, such as the
	// server being down, gets the error screen with its Refresh button instead of a spinner forever.
	if (error && !isPending) return <ErrorFallback error={error} />;
	const loading = isPending || !user;
	const isSuperuser = user?.is_superuser ?? false;

	const toggle = () => (narrow ? setDrawerOpen((open) => !open) : setSidebarOpen((open) => !open));
	return (
		<>
			{/* While the drawer is open the page behind it is inert: not focusable, not read. */}
			<a href="#main" className="skip-link" inert={drawerOpen || undefined}>
				{LL.common.skipToContent()}
			</a>
			<header className="app-header" inert={drawerOpen || undefined}>
				<IconButton
					variant="ghost"
					color="gray"
					size="3"
					className="menu-toggle"
					aria-label={LL.common.toggleMenu()}
					aria-expanded={narrow ? drawerOpen : sidebarOpen}
					aria-controls={narrow ? undefined : "app-sidebar"}
					onClick={toggle}
				>
					<MenuIcon />
				</IconButton>
				<Text asChild size="5" weight="bold" color="teal">
					<Link to="/" className="brand-link">
						{LL.common.appName()}
					</Link>
				</Text>
				<Flex className="header-actions" align="center" gap="2">
					<ThemeControl />
					<LanguageSelect />
					{user ? (
						<UserMenu user={user} imageUrl={profile?.profile_image_url} />
					) : (
						<UserMenuSkeleton testId="user-menu-skeleton" />
					)}
				</Flex>
			</header>
			<div className="app-body" data-sidebar={sidebarOpen ? "open" : "closed"} inert={drawerOpen || undefined}>
				<aside className="app-sidebar" id="app-sidebar">
					<SideNav isSuperuser={isSuperuser} />
				</aside>
				<main className="app-main" id="main" tabIndex={-1} aria-busy={loading || undefined}>
					{loading ? (
						<div role="status">
							<VisuallyHidden>{LL.common.loading()}</VisuallyHidden>
							<ContentSkeleton />
						</div>
					) : (
						<>
							<VerifyBanner user={user} />
							<RouteErrorBoundary pathname={location.pathname} inPage>
								<Outlet />
							</RouteErrorBoundary>
						</>
					)}
				</main>
			</div>
			<Dialog.Root open={narrow && drawerOpen} onOpenChange={setDrawerOpen}>
				<Dialog.Content className="drawer-content" aria-describedby={undefined}>
					<VisuallyHidden>
						<Dialog.Title>{LL.navigation.menu()}</Dialog.Title>
					</VisuallyHidden>
					<Flex direction="column" gap="3">
						<Flex justify="between" align="center" mb="2">
							<Text size="5" weight="bold" color="teal">
								{LL.common.appName()}
							</Text>
							<Dialog.Close>
								<IconButton variant="ghost" color="gray" size="3" aria-label={LL.common.closeMenu()}>
									<CloseIcon />
								</IconButton>
							</Dialog.Close>
						</Flex>
						<SideNav isSuperuser={isSuperuser} onNavigate={() => setDrawerOpen(false)} />
					</Flex>
				</Dialog.Content>
			</Dialog.Root>
		</>
	);
}
