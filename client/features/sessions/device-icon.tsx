import type { DeviceType } from "../../../shared/user-agent.ts";
import { useI18n } from "../../i18n/index.tsx";

const shapes: Record<DeviceType, React.JSX.Element> = {
	desktop: (
		<>
			<rect x="2" y="3" width="20" height="14" rx="2" />
			<path d="M8 21h8M12 17v4" />
		</>
	),
	mobile: (
		<>
			<rect x="6" y="2" width="12" height="20" rx="2" />
			<path d="M11 18h2" />
		</>
	),
	tablet: (
		<>
			<rect x="4" y="2" width="16" height="20" rx="2" />
			<path d="M11 18h2" />
		</>
	),
};

/** A computer, phone or tablet outline, named for screen readers ("Phone"). */
export function DeviceIcon({ type }: { type: DeviceType }) {
	const { LL } = useI18n();
	return (
		<svg
			role="img"
			aria-label={LL.sessions.deviceTypes[type]()}
			data-device-type={type}
			width="24"
			height="24"
			viewBox="0 0 24 24"
			fill="none"
			stroke="currentColor"
			strokeWidth="1.75"
			strokeLinecap="round"
			strokeLinejoin="round"
			focusable="false"
		>
			{shapes[type]}
		</svg>
	);
}
