import { AuditLogScreen } from "../features/audit-log/audit-log-screen.tsx";

export function Component() {
	return <AuditLogScreen />;
}
