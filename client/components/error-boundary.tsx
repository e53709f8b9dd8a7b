import { Button, Card, Code, Flex, Heading, Text } from "@radix-ui/themes";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { useI18n } from "../i18n/index.tsx";

const messageOf = (error: unknown): string =>
	error instanceof Error ? error.message : typeof error === "string" ? error : String(error ?? "");

/** The render-error screen: a title, a text, the error's message and a Refresh Page button. */
export function ErrorFallback({ error }: { error: unknown }) {
	const { LL } = useI18n();
	const message = messageOf(error);
	return (
		<div className="center-screen">
			<Card size="3" style={{ maxWidth: 520, width: "100%", margin: 16 }}>
				<Flex direction="column" gap="3" align="start" role="alert">
					<Heading as="h1" size="6">
						{LL.common.errorBoundaryTitle()}
					</Heading>
					<Text color="gray">{LL.common.errorBoundaryText()}</Text>
					{message ? (
						<Code color="red" variant="soft" style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
							{message}
						</Code>
					) : null}
					<Button size="3" onClick={() => window.location.reload()}>
						{LL.common.refreshPage()}
					</Button>
				</Flex>
			</Card>
		</div>
	);
}

const RELOADED_AT = "chunk-reload-at";

/**
 * A new deploy removes the old hashed chunks: an open tab then fails to load a screen.
 * One reload (not more than once a minute) fetches the new build instead of showing an error.
 */
function reloadForStaleChunk(error: unknown): boolean {
	if (!/dynamically imported module|Importing a module script failed/i.test(messageOf(error))) return false;
	try {
		const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
		if (Date.now() - last < 60_000) return false;
		sessionStorage.setItem(RELOADED_AT, String(Date.now()));
	} catch {
		return false;
	}
	window.location.reload();
	return true;
}

type State = { error: unknown; failed: boolean };

/**
 * Around the screens: a screen that fails to render or to load shows the fallback in their
 * place, until the next navigation tries again. A screen's chunk gone with a new deploy
 * reloads the page instead (see reloadForStaleChunk).
 */
export class RouteErrorBoundary extends Component<{ pathname: string; children: ReactNode }, RouteState> {
	state: RouteState = { error: null, failed: false, reloading: false };

	static getDerivedStateFromError(error: unknown): RouteState {
		return { error, failed: true, reloading: reloadForStaleChunk(error) };
	}

	componentDidUpdate(previous: { pathname: string }): void {
		if (this.state.failed && previous.pathname !== this.props.pathname)
			this.setState({ error: null, failed: false, reloading: false });
	}

	render() {
		if (!this.state.failed) return this.props.children;
		return this.state.reloading ? null : <ErrorFallback error={this.state.error} />;
	}
}

type RouteState = { error: unknown; failed: boolean; reloading: boolean };

/** Catches render errors outside the router (providers, toaster). */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
	state: State = { error: null, failed: false };

	static getDerivedStateFromError(error: unknown): State {
		return { error, failed: true };
	}

	componentDidCatch(error: unknown, info: ErrorInfo): void {
		console.error(error, info.componentStack);
	}

	render() {
		return this.state.failed ? <ErrorFallback error={this.state.error} /> : this.props.children;
	}
}
