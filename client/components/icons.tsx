import type { SVGProps } from "react";

/** A few 15px line icons (Radix icon style), inline so no icon package ships; `Icon` draws others where they are used. */
export const Icon = ({ children, ...props }: SVGProps<SVGSVGElement>) => (
	<svg
		width="16"
		height="16"
		viewBox="0 0 24 24"
		fill="none"
		stroke="currentColor"
		strokeWidth="2"
		strokeLinecap="round"
		strokeLinejoin="round"
		aria-hidden="true"
		focusable="false"
		{...props}
	>
		{children}
	</svg>
);

export const MenuIcon = () => (
	<Icon>
		<path d="M4 6h16M4 12h16M4 18h16" />
	</Icon>
);
export const HomeIcon = () => (
	<Icon>
		<path d="M3 11l9-8 9 8" />
		<path d="M5 10v10h14V10" />
	</Icon>
);
export const SettingsIcon = () => (
	<Icon>
		<circle cx="12" cy="12" r="3" />
		<path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
	</Icon>
);
export const UsersIcon = () => (
	<Icon>
		<circle cx="9" cy="8" r="4" />
		<path d="M2 21v-1a6 6 0 0 1 12 0v1" />
		<path d="M16 4a4 4 0 0 1 0 8M22 21v-1a6 6 0 0 0-4-5.6" />
	</Icon>
);
export const SunIcon = () => (
	<Icon>
		<circle cx="12" cy="12" r="4" />
		<path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
	</Icon>
);
export const MoonIcon = () => (
	<Icon>
		<path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
	</Icon>
);
export const MonitorIcon = () => (
	<Icon>
		<rect x="2" y="3" width="20" height="14" rx="2" />
		<path d="M8 21h8M12 17v4" />
	</Icon>
);
export const UserIcon = () => (
	<Icon>
		<circle cx="12" cy="8" r="4" />
		<path d="M4 21v-1a8 8 0 0 1 16 0v1" />
	</Icon>
);
export const LogoutIcon = () => (
	<Icon className="flip-rtl">
		<path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />
	</Icon>
);
export const EyeIcon = () => (
	<Icon>
		<path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
		<circle cx="12" cy="12" r="3" />
	</Icon>
);
export const EyeOffIcon = () => (
	<Icon>
		<path d="M17.9 17.9A10 10 0 0 1 12 19c-6.4 0-10-7-10-7a18 18 0 0 1 4.1-5.1M9.9 5.2A9 9 0 0 1 12 5c6.4 0 10 7 10 7a18 18 0 0 1-2.2 3.2M14.1 14.1a3 3 0 1 1-4.2-4.2M2 2l20 20" />
	</Icon>
);
export const CloseIcon = () => (
	<Icon>
		<path d="M18 6L6 18M6 6l12 12" />
	</Icon>
);
export const CopyIcon = () => (
	<Icon>
		<rect x="9" y="9" width="12" height="12" rx="2" />
		<path d="M5 15V5a2 2 0 0 1 2-2h10" />
	</Icon>
);
