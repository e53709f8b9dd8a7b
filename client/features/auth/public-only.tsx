import { Navigate, Outlet } from "react-router-dom";
import { useSession } from "../sign-in-state/hooks.ts";

/** Public screens: a visitor who already holds a token goes to the dashboard. */
export function PublicOnly() {
	const { tokens } = useSession();
	return tokens ? <Navigate to="/" replace /> : <Outlet />;
}
