import { SuperuserOnly } from "../features/access/superuser-only.tsx";
import { AdminProvidersScreen } from "../features/sign-in-providers/admin-providers-screen.tsx";

export function Component() {
	return (
		<SuperuserOnly>
			<AdminProvidersScreen />
		</SuperuserOnly>
	);
}
