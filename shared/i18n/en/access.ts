/** Who may see what: the page a user may not open, and the word after the server ended a session. */
export const access = {
	denied: {
		title: "You don't have access to this page",
		text: "This page is for administrators. If you need it, ask one of them.",
		back: "Back to the dashboard",
	},
	sessionEnded: "Your session has ended. Please log in again.",
};
