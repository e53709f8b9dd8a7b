import { VerifyEmailScreen } from "../features/auth/verify-email-screen.tsx";

export function Component() {
	return <VerifyEmailScreen />;
}
