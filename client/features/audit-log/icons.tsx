import { Icon } from "../../components/icons.tsx";

// Kept here rather than in components/icons.tsx, which the login screen loads.
export const AuditLogIcon = () => (
	<Icon>
		<path d="M9 4h6a1 1 0 0 1 1 1v1H8V5a1 1 0 0 1 1-1z" />
		<path d="M16 5h2a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2h2" />
		<path d="M8 11h8M8 15h5" />
	</Icon>
);

export const DownloadIcon = () => (
	<Icon>
		<path d="M12 3v12M7 10l5 5 5-5M4 21h16" />
	</Icon>
);
