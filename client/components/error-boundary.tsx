import { Button, Card, Code, Flex, Heading, Text } from "@radix-ui/themes";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { useI18n } from "../i18n/index.tsx";
import { reloadForNewBuild, ScreenLoadError, serverAnswers, tryScreensAgain } from "../lib/screen-load.ts";
import { ConnectionLost } from "./connection-lost.tsx";

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

type Mode = "ok" | "checking" | "offline" | "reloading" | "failed";
type RouteState = { error: unknown; mode: Mode };

/** While the connection is lost: how often the server is asked whether it is back (the `online` event may never come). */
const POLL_MS = 5_000;

/**
 * Around the screens (and, in the signed-in frame, around the page area alone, so header
 * and menu stay): a screen that fails to render shows the fallback in its place until the
 * next navigation. A screen whose code could not be fetched shows Connection lost while
 * the server does not answer, and tries again when it does; when the server answers, the
 * chunk was removed by a new build and the page reloads once, at the same URL.
 */
export class RouteErrorBoundary extends Component<
	{ pathname: string; inPage?: boolean; children: ReactNode },
	RouteState
> {
	state: RouteState = { error: null, mode: "ok" };
	private stopWatching: (() => void) | null = null;

	static getDerivedStateFromError(error: unknown): RouteState {
		return { error, mode: error instanceof ScreenLoadError ? "checking" : "failed" };
	}

	componentDidCatch(error: unknown): void {
		if (error instanceof ScreenLoadError) void this.check();
	}

	componentDidUpdate(previous: { pathname: string }): void {
		if (this.state.mode !== "ok" && previous.pathname !== this.props.pathname) this.retry();
	}

	componentWillUnmount(): void {
		this.stopWatching?.();
	}

	private async check(): Promise<void> {
		if (await serverAnswers()) {
			this.setState({ mode: reloadForNewBuild() ? "reloading" : "failed" });
			return;
		}
		this.setState({ mode: "offline" });
		this.watchConnection();
	}

	/** Tries again when the browser says it is online, or when the server answers a poll. */
	private watchConnection(): void {
		this.stopWatching?.();
		const onOnline = () => this.retry();
		const timer = window.setInterval(() => {
			void serverAnswers().then((answers) => answers && this.retry());
		}, POLL_MS);
		window.addEventListener("online", onOnline);
		this.stopWatching = () => {
			window.clearInterval(timer);
			window.removeEventListener("online", onOnline);
			this.stopWatching = null;
		};
	}

	private retry = (): void => {
		this.stopWatching?.();
		tryScreensAgain();
		this.setState({ error: null, mode: "ok" });
	};

	render() {
		switch (this.state.mode) {
			case "ok":
				return this.props.children;
			case "offline":
				return this.props.inPage ? (
					<ConnectionLost level="h1" onRetry={this.retry} />
				) : (
					<div className="center-screen">
						<ConnectionLost level="h1" onRetry={this.retry} />
					</div>
				);
			case "failed":
				return <ErrorFallback error={this.state.error} />;
			default:
				return null;
		}
	}
}

type State = { error: unknown; failed: boolean };

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
