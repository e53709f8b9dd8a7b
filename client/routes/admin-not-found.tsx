import { NotFoundMessage } from "../components/not-found-message.tsx";
import { SuperuserOnly } from "../features/access/superuser-only.tsx";

/** Any other /admin/... path: not found for a superuser; for anyone else the same refusal as /admin (it tells nothing of which admin pages exist). */
export function Component() {
	return (
		<SuperuserOnly>
			<NotFoundMessage />
		</SuperuserOnly>
	);
}
