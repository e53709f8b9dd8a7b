import type { NamespaceBaseTranslation } from "../../namespace-base";

/** The Admin -> Audit log screen. The actions' own words are in `audit`. */
const auditLog = {
	nav: "Audit log",
	title: "Audit log",
	intro: "Every security event of every account: who did what, to whom, when and from where.",
	tableLabel: "Security events",
	columns: {
		time: "Time",
		action: "Action",
		actor: "By",
		subject: "Account",
		ip: "IP address",
	},
	/** Read out where a row has no one in a column (an anonymous attempt, the operator's command). */
	nobody: "Nobody",
	filters: {
		label: "Filter the events",
		action: "Action",
		allActions: "All actions",
		user: "User e-mail",
		userHint: "The whole address or its beginning",
		from: "From",
		to: "To",
		clear: "Clear filters",
		/** A day's parts in the day boxes' pattern, in the order the language writes a day. */
		dayLetters: { day: "DD", month: "MM", year: "YYYY" },
		dayInvalid: "Enter a day as {pattern}",
		dayOutOfRange: "“From” must not be after “To”",
	},
	count: "Matching events: {count}",
	export: "Export CSV",
	exporting: "Exporting…",
	exportFailed: "The export failed",
	loading: "Loading events…",
	empty: "No events yet.",
	noMatch: "No events match these filters.",
	loadFailed: "The events could not be loaded.",
	retry: "Try again",
} satisfies NamespaceBaseTranslation;

export default auditLog;
