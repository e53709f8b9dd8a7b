import type { SVGProps } from "react";
import { Icon as FramedIcon } from "../../components/icons.tsx";

/** The admin list's small icons: the app's icon frame at 14 px; decorative unless given a label. */
const Icon = (props: SVGProps<SVGSVGElement>) => <FramedIcon width="14" height="14" {...props} />;

export const SearchIcon = () => (
	<Icon>
		<circle cx="11" cy="11" r="7" />
		<path d="M20 20l-3.5-3.5" />
	</Icon>
);

/** The sort state of a column: up (ascending), down (descending), or both faintly (not sorted by it). */
export const SortIcon = ({ direction }: { direction: "ascending" | "descending" | undefined }) => (
	<Icon className="sort-icon" data-direction={direction ?? "none"}>
		{direction !== "descending" ? <path d="M8 10l4-4 4 4" /> : null}
		{direction !== "ascending" ? <path d="M8 14l4 4 4-4" /> : null}
	</Icon>
);

/** A check in a circle: the verified mark, which says so to screen readers. */
export const VerifiedIcon = ({ label }: { label: string }) => (
	<Icon
		className="verified-mark"
		role="img"
		aria-hidden={undefined}
		aria-label={label}
		data-testid="verified-mark"
		width="15"
		height="15"
	>
		<title>{label}</title>
		<circle cx="12" cy="12" r="9" />
		<path d="M8 12.5l2.7 2.7L16 10" />
	</Icon>
);
