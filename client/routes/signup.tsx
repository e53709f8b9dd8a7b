import { SignupScreen } from "../features/auth/signup-screen.tsx";

const loadLoginScreen = () => void import("./login.tsx");

export function Component() {
	return <SignupScreen loadLoginScreen={loadLoginScreen} />;
}
