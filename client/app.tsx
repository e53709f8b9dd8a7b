import { DirectionProvider } from "@radix-ui/react-direction";
import { Theme } from "@radix-ui/themes";
import { QueryClientProvider } from "@tanstack/react-query";
import { type ComponentType, lazy, Suspense, useState } from "react";
import { type RouteObject, useLocation, useRoutes } from "react-router-dom";
import { ErrorBoundary, RouteErrorBoundary } from "./components/error-boundary.tsx";
import { useToastClearance } from "./components/toast-clearance.ts";
import { Toaster } from "./components/toaster.tsx";
import { PublicOnly } from "./features/auth/public-only.tsx";
import { LoadingShell } from "./features/layout/loading-shell.tsx";
import { ReauthDialog } from "./features/sign-in-state/reauth/reauth-dialog.tsx";
import { SessionProvider } from "./features/sign-in-state/session-provider.tsx";
import { directionOf, I18nProvider, type Locales, useI18n } from "./i18n/index.tsx";
import { GuardedBrowserRouter } from "./lib/guarded-browser-router.tsx";
import { createOutsideNavigation } from "./lib/outside-navigation.tsx";
import { createQueryClient } from "./lib/query-client.ts";
import { loadAttempt, loadScreen } from "./lib/screen-load.ts";
import { useTheme } from "./lib/theme.ts";
import { MAX_VISIBLE_TOASTS } from "./lib/toast.ts";

/**
 * A route's screen, loaded at its first visit (each module in routes/ exports its `Component`).
 * A failed download is not kept for good: after RouteErrorBoundary's retry, the screen fetches again.
 */
function screen(load: () => Promise<{ Component: ComponentType }>) {
	let failedAt: number | null = null;
	const lazyScreen = () =>
		lazy(() =>
			loadScreen(load).then(
				(module) => ({ default: module.Component }),
				(error: unknown) => {
					failedAt = loadAttempt();
					throw error;
				},
			),
		);
	let Current = lazyScreen();
	const Screen = () => {
		if (failedAt !== null && failedAt !== loadAttempt()) {
			failedAt = null;
			Current = lazyScreen();
		}
		return <Current />;
	};
	return <Screen />;
}

/**
 * The screens by URL. Declarative routes, not react-router's data router: nothing here
 * loads data through the router, and the data router would add 17 KB gzipped to every
 * first screen. The build reads this array (client/build/route-table.ts) to fetch a
 * first screen's chunks early, so it stays a literal of `screen(() => import(...))`.
 */
const routes: RouteObject[] = [
	{
		element: <PublicOnly />,
		children: [
			{ path: "/login", element: screen(() => import("./routes/login.tsx")) },
			{ path: "/login/two-factor", element: screen(() => import("./routes/login-two-factor.tsx")) },
			{ path: "/signup", element: screen(() => import("./routes/signup.tsx")) },
			{ path: "/recover-password", element: screen(() => import("./routes/recover-password.tsx")) },
			{ path: "/reset-password", element: screen(() => import("./routes/reset-password.tsx")) },
		],
	},
	// Where a sign-in provider sends the browser back: a sign-in (signed out), a link or a re-authentication (signed in).
	{ path: "/login/sso", element: screen(() => import("./routes/login-sso.tsx")) },
	// E-mailed links: they work signed in or not.
	{ path: "/verify-email", element: screen(() => import("./routes/verify-email.tsx")) },
	{ path: "/revert-email", element: screen(() => import("./routes/revert-email.tsx")) },
	{
		element: screen(() => import("./routes/protected-layout.tsx")),
		children: [
			{ index: true, element: screen(() => import("./routes/dashboard.tsx")) },
			{ path: "/settings", element: screen(() => import("./routes/settings.tsx")) },
			{ path: "/admin", element: screen(() => import("./routes/admin.tsx")) },
			{ path: "/admin/audit", element: screen(() => import("./routes/admin-audit.tsx")) },
			{ path: "/admin/providers", element: screen(() => import("./routes/admin-providers.tsx")) },
			{ path: "/admin/*", element: screen(() => import("./routes/admin-not-found.tsx")) },
		],
	},
	{ path: "*", element: screen(() => import("./routes/not-found.tsx")) },
];

/** The session sends a signed-out tab to /login from outside React. */
const navigation = createOutsideNavigation();

function Screens() {
	const { pathname } = useLocation();
	const matched = useRoutes(routes);
	// Navigations are transitions: the current screen stays until the next one has loaded.
	return (
		<RouteErrorBoundary pathname={pathname}>
			<Suspense fallback={<LoadingShell />}>{matched}</Suspense>
		</RouteErrorBoundary>
	);
}

function ThemedApp() {
	const { appearance } = useTheme();
	const { locale } = useI18n();
	const dir = directionOf(locale);
	useToastClearance();
	return (
		<Theme accentColor="teal" grayColor="slate" radius="medium" scaling="100%" appearance="inherit">
			{/* Radix Theme pins its own direction to ltr; menus and dialogs must mirror in Arabic. */}
			<DirectionProvider dir={dir}>
				<ErrorBoundary>
					<GuardedBrowserRouter>
						<navigation.Bridge />
						<Screens />
					</GuardedBrowserRouter>
					<ReauthDialog />
				</ErrorBoundary>
			</DirectionProvider>
			<Toaster
				position="bottom-right"
				visibleToasts={MAX_VISIBLE_TOASTS}
				richColors
				closeButton
				theme={appearance}
				dir={dir}
				style={{ "--width": "440px" } as React.CSSProperties}
				toastOptions={{ style: { maxHeight: 200, overflow: "auto" } }}
			/>
		</Theme>
	);
}

export function App({ locale }: { locale: Locales }) {
	const [queryClient] = useState(createQueryClient);
	return (
		<QueryClientProvider client={queryClient}>
			<SessionProvider router={navigation}>
				<I18nProvider locale={locale}>
					<ThemedApp />
				</I18nProvider>
			</SessionProvider>
		</QueryClientProvider>
	);
}
