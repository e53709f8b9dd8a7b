/** How a user is named in texts: the full name, else the e-mail. */
export const userDisplayName = (user: { full_name: string | null; email: string }) =>
	user.full_name?.trim() ? user.full_name.trim() : user.email;

/** The delete confirmation, from the translated template taking `{name}`. */
export const deleteConfirmText = (
	user: { full_name: string | null; email: string },
	template: (args: { name: string }) => string,
) => template({ name: userDisplayName(user) });
