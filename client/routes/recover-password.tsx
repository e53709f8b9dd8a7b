import { RecoverPasswordScreen } from "../features/auth/recover-password-screen.tsx";

export function Component() {
	return <RecoverPasswordScreen />;
}
