import { DashboardScreen } from "../features/dashboard/dashboard-screen.tsx";

export function Component() {
	return <DashboardScreen />;
}
