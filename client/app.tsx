import { DirectionProvider } from "@radix-ui/react-direction";
import { Theme } from "@radix-ui/themes";
import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { createBrowserRouter, Outlet, RouterProvider } from "react-router-dom";
import { Toaster } from "sonner";
import { ErrorBoundary, RouteErrorFallback } from "./components/error-boundary.tsx";
import { FullPageSpinner } from "./components/full-page-spinner.tsx";
import { PublicOnly } from "./features/auth/public-only.tsx";
import { ReauthDialog } from "./features/session/reauth/reauth-dialog.tsx";
import { SessionProvider } from "./features/session/session-provider.tsx";
import { directionOf, I18nProvider, type Locales, useI18n } from "./i18n/index.tsx";
import { createQueryClient } from "./lib/query-client.ts";
import { useTheme } from "./lib/theme.ts";
import { MAX_VISIBLE_TOASTS } from "./lib/toast.ts";

const router = createBrowserRouter([
	{
		element: <Outlet />,
		ErrorBoundary: RouteErrorFallback,
		HydrateFallback: FullPageSpinner,
		children: [
			{
				element: <PublicOnly />,
				children: [
					{ path: "/login", lazy: () => import("./routes/login.tsx") },
					{ path: "/login/two-factor", lazy: () => import("./routes/login-two-factor.tsx") },
					{ path: "/signup", lazy: () => import("./routes/signup.tsx") },
					{ path: "/recover-password", lazy: () => import("./routes/recover-password.tsx") },
					{ path: "/reset-password", lazy: () => import("./routes/reset-password.tsx") },
				],
			},
			// E-mailed links: they work signed in or not.
			{ path: "/verify-email", lazy: () => import("./routes/verify-email.tsx") },
			{ path: "/revert-email", lazy: () => import("./routes/revert-email.tsx") },
			{
				lazy: () => import("./routes/protected-layout.tsx"),
				children: [
					{ index: true, lazy: () => import("./routes/dashboard.tsx") },
					{ path: "/settings", lazy: () => import("./routes/settings.tsx") },
					{ path: "/admin", lazy: () => import("./routes/admin.tsx") },
					{ path: "/admin/audit", lazy: () => import("./routes/admin-audit.tsx") },
				],
			},
			{ path: "*", lazy: () => import("./routes/not-found.tsx") },
		],
	},
]);

function ThemedApp() {
	const { appearance } = useTheme();
	const { locale } = useI18n();
	const dir = directionOf(locale);
	return (
		<Theme accentColor="teal" grayColor="slate" radius="medium" scaling="100%" appearance="inherit">
			{/* Radix Theme pins its own direction to ltr; menus and dialogs must mirror in Arabic. */}
			<DirectionProvider dir={dir}>
				<ErrorBoundary>
					<RouterProvider router={router} />
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
			<SessionProvider router={router}>
				<I18nProvider locale={locale}>
					<ThemedApp />
				</I18nProvider>
			</SessionProvider>
		</QueryClientProvider>
	);
}
