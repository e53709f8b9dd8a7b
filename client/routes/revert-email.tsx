import { RevertEmailScreen } from "../features/auth/revert-email-screen.tsx";

export function Component() {
	return <RevertEmailScreen />;
}
