import type { ReactNode } from "react";
import { useCurrentUser } from "../sign-in-state/hooks.ts";
import { AccessDenied } from "./access-denied.tsx";

/**
 * The admin pages: their content mounts only for a superuser, so nobody else's browser
 * asks a superuser API (its 403 would end the session). The signed-in layout has the user
 * loaded before it shows a page; until then nothing is shown here.
 */
export function SuperuserOnly({ children }: { children: ReactNode }) {
	const { data: user } = useCurrentUser();
	if (!user) return null;
	return user.is_superuser ? children : <AccessDenied />;
}
