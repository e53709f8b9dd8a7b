import { SuperuserOnly } from "../features/access/superuser-only.tsx";
import { AdminScreen } from "../features/admin/admin-screen.tsx";

export function Component() {
	return (
		<SuperuserOnly>
			<AdminScreen />
		</SuperuserOnly>
	);
}
