import { Navigate, Outlet } from "react-router-dom";
import { useAuthTokens } from "../../lib/auth-store.ts";

/** Public screens: a visitor who already holds a token goes to the dashboard. */
export function PublicOnly() {
	const tokens = useAuthTokens();
	return tokens ? <Navigate to="/" replace /> : <Outlet />;
}
