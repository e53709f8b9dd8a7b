import { ResetPasswordScreen } from "../features/auth/reset-password-screen.tsx";

const loadLoginScreen = () => void import("./login.tsx");

export function Component() {
	return <ResetPasswordScreen loadLoginScreen={loadLoginScreen} />;
}
