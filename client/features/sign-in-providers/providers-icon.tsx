import { Icon } from "../../components/icons.tsx";

/** The side menu's Sign-in providers: a key. */
export const ProvidersIcon = () => (
	<Icon>
		<circle cx="8" cy="15" r="4" />
		<path d="M10.8 12.2 20 3M16 7l3 3M14 9l2 2" />
	</Icon>
);
