import { Text, VisuallyHidden } from "@radix-ui/themes";
import { FullPageSpinner } from "../../components/full-page-spinner.tsx";
import { ContentSkeleton, IconSkeleton, NavSkeleton, UserMenuSkeleton } from "../../components/loading-skeletons.tsx";
import { useI18n } from "../../i18n/index.tsx";
import { APP_FRAME_PATHS } from "../../lib/app-frame-paths.ts";
import { tokenStore } from "../sign-in-state/token-store.ts";

/**
 * What shows while the first screen's code downloads (the router's HydrateFallback): for a
 * signed-in screen, the frame of the app at once (header, side menu) with skeletons where
 * the content will be; elsewhere the spinner. Static on purpose: it ships in the first chunk.
 */
export function LoadingShell() {
	const { LL } = useI18n();
	if (!tokenStore.get() || !APP_FRAME_PATHS.test(window.location.pathname)) return <FullPageSpinner />;
	return (
		<div role="status" aria-busy="true" data-testid="loading-shell">
			<VisuallyHidden>{LL.common.loading()}</VisuallyHidden>
			<header className="app-header">
				<IconSkeleton />
				<Text size="5" weight="bold" color="teal">
					{LL.common.appName()}
				</Text>
				<div className="header-actions">
					<UserMenuSkeleton />
				</div>
			</header>
			<div className="app-body">
				<aside className="app-sidebar">
					<NavSkeleton rows={2} />
				</aside>
				<main className="app-main">
					<ContentSkeleton />
				</main>
			</div>
		</div>
	);
}
