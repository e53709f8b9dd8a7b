import { LoginTwoFactorScreen } from "../features/auth/login-two-factor-screen.tsx";

export function Component() {
	return <LoginTwoFactorScreen />;
}
