import { SsoScreen } from "../features/sign-in-providers/sso-screen.tsx";

export function Component() {
	return <SsoScreen />;
}
