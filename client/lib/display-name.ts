/** How a user is named in texts: the full name, else the e-mail. */
export const displayName = (user: { full_name: string | null; email: string }): string =>
	user.full_name?.trim() || user.email;
