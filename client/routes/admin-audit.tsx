import { SuperuserOnly } from "../features/access/superuser-only.tsx";
import { AuditLogScreen } from "../features/audit-log/audit-log-screen.tsx";

export function Component() {
	return (
		<SuperuserOnly>
			<AuditLogScreen />
		</SuperuserOnly>
	);
}
