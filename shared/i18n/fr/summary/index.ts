import type { NamespaceSummaryTranslation } from "../../i18n-types";

const summary = {
	accountHeading: "Votre compte",
	adminHeading: "Tous les comptes",
	loading: "Chargement…",
	loadError: "Impossible de charger ces informations.",
	retry: "Réessayer",
	email: {
		title: "Adresse e-mail",
		verified: "Vérifiée",
		notVerified: "Non vérifiée",
		resend: "Envoyer un nouveau lien de vérification",
	},
	twoFactor: {
		title: "Authentification à deux facteurs",
		on: "Activée",
		off: "Désactivée",
		turnOn: "Activer l'authentification à deux facteurs",
		manage: "Gérer l'authentification à deux facteurs",
	},
	passkeys: {
		title: "Clés d'accès",
		none: "Aucune pour l'instant",
		add: "Ajouter une clé d'accès",
		manage: "Gérer les clés d'accès",
	},
	sessions: {
		title: "Sessions actives",
		review: "Vérifier vos sessions",
	},
	lastSignIn: {
		title: "Dernière connexion",
		none: "Aucune avant celle-ci",
		noneHint: "C'est la première connexion que nous connaissons.",
		unknownDevice: "Un appareil inconnu",
		notYou: "Ce n'était pas vous ? Vérifiez vos sessions",
	},
	users: {
		title: "Utilisateurs",
		link: "Gérer les utilisateurs",
	},
	inactive: {
		title: "Utilisateurs inactifs",
		link: "Afficher les utilisateurs inactifs",
	},
	signups: {
		title: "Nouveaux comptes, 7 derniers jours",
		link: "Afficher les comptes les plus récents",
	},
	auditLog: "Ouvrir le journal d'audit",
} satisfies NamespaceSummaryTranslation;

export default summary;
