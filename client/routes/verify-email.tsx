import { VerifyEmailScreen } from "../features/verification/verify-email-screen.tsx";

export function Component() {
	return <VerifyEmailScreen />;
}
