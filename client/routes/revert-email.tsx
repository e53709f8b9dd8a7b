import { RevertEmailScreen } from "../features/verification/revert-email-screen.tsx";

export function Component() {
	return <RevertEmailScreen />;
}
