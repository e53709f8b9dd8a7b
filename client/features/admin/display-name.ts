import { displayName } from "../../lib/display-name.ts";

/** The delete confirmation, from the translated template taking `{name}`. */
export const deleteConfirmText = (
	user: { full_name: string | null; email: string },
	template: (args: { name: string }) => string,
) => template({ name: displayName(user) });
