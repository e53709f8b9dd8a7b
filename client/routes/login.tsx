import { LoginScreen } from "../features/auth/login-screen.tsx";

export function Component() {
	return <LoginScreen />;
}
