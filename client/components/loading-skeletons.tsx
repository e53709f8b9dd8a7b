import type { CSSProperties } from "react";

/**
 * Placeholders where content will be, drawn by CSS alone (`.bone` in app.css): the loading
 * frame ships in the first chunk, which the login screen loads too.
 */
type BoneProps = { width?: string; height: string; className?: string; testId?: string };

function Bone({ width, height, className, testId }: BoneProps) {
	const style: CSSProperties = { blockSize: height, inlineSize: width };
	return (
		<div className={className ? `bone ${className}` : "bone"} style={style} data-testid={testId} aria-hidden="true" />
	);
}

/** Where a screen's content will be: a heading and a few blocks, until the screen knows what to show. */
export function ContentSkeleton() {
	return (
		<div className="bones" aria-hidden="true" data-testid="content-skeleton">
			<Bone height="32px" width="40%" />
			<Bone height="18px" width="65%" />
			<div className="bones-row">
				<Bone height="96px" width="240px" />
				<Bone height="96px" width="240px" />
				<Bone height="96px" width="240px" />
			</div>
		</div>
	);
}

/** The side menu's entries that are not known yet. */
export function NavSkeleton({ rows }: { rows: number }) {
	return (
		<div className="bones bones-nav" aria-hidden="true" data-testid="nav-skeleton">
			{Array.from({ length: rows }, (_, index) => (
				// biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
				<Bone key={index} height="20px" width="70%" />
			))}
		</div>
	);
}

/** The rows of a list that is loading: as many lines as a page will have. */
export function RowsSkeleton({ rows, testId }: { rows: number; testId?: string }) {
	return (
		<div className="bones" aria-hidden="true" data-testid={testId}>
			{Array.from({ length: rows }, (_, index) => (
				// biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
				<Bone key={index} height="40px" width="100%" />
			))}
		</div>
	);
}

/** The user menu in the header until the user is known: an avatar, with the name's room on a wide screen. */
export function UserMenuSkeleton({ testId }: { testId?: string }) {
	return <Bone height="32px" className="bone-user-menu" testId={testId} />;
}

/** A square the size of a header icon button. */
export function IconSkeleton() {
	return <Bone height="32px" width="32px" />;
}
