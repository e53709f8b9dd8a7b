import type { NamespaceReauthTranslation } from "../../i18n-types";

const reauth = {
	title: "Confirmez votre identité",
	confirm: "Confirmer",
	cancel: "Annuler",
	password: {
		text: "Pour votre sécurité, saisissez votre mot de passe pour continuer.",
		label: "Mot de passe",
	},
	code: {
		tab: "Code",
		text: "Saisissez un code de votre application d'authentification, ou l'un de vos codes de récupération.",
		label: "Code de double authentification",
	},
	passkey: {
		tab: "Clé d'accès",
		text: "Utilisez l'une de vos clés d'accès pour confirmer votre identité.",
		button: "Utiliser une clé d'accès",
	},
	methods: "Moyen de confirmation",
	passwordTab: "Mot de passe",
} satisfies NamespaceReauthTranslation;

export default reauth;
