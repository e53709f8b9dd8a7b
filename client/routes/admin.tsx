import { AdminScreen } from "../features/admin/admin-screen.tsx";

export function Component() {
	return <AdminScreen />;
}
