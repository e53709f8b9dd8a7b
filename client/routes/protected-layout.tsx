import { ProtectedLayout } from "../features/layout/protected-layout.tsx";

export function Component() {
	return <ProtectedLayout />;
}
