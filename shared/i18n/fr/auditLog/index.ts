import type { NamespaceAuditLogTranslation } from "../../i18n-types";

const auditLog = {
	nav: "Journal d'audit",
	title: "Journal d'audit",
	intro: "Chaque événement de sécurité de chaque compte : qui a fait quoi, à qui, quand et d'où.",
	tableLabel: "Événements de sécurité",
	columns: {
		time: "Date",
		action: "Action",
		actor: "Par",
		subject: "Compte",
		ip: "Adresse IP",
	},
	nobody: "Personne",
	filters: {
		label: "Filtrer les événements",
		action: "Action",
		allActions: "Toutes les actions",
		user: "E-mail de l'utilisateur",
		userHint: "L'adresse entière ou son début",
		from: "Du",
		to: "Au",
		clear: "Effacer les filtres",
		dayLetters: { day: "JJ", month: "MM", year: "AAAA" },
		dayInvalid: "Saisissez un jour au format {pattern}",
		dayOutOfRange: "« Du » ne peut pas être après « Au »",
	},
	count: "Événements correspondants : {count}",
	export: "Exporter en CSV",
	exporting: "Export en cours…",
	exportFailed: "L'export a échoué",
	loading: "Chargement des événements…",
	empty: "Aucun événement pour l'instant.",
	noMatch: "Aucun événement ne correspond à ces filtres.",
	loadFailed: "Les événements n'ont pas pu être chargés.",
	retry: "Réessayer",
} satisfies NamespaceAuditLogTranslation;

export default auditLog;
