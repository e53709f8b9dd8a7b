import type { Translation } from "../i18n-types";

export const reauth = {
	title: "Confirmez votre identité",
	confirm: "Confirmer",
	cancel: "Annuler",
	password: {
		text: "Pour votre sécurité, saisissez votre mot de passe pour continuer.",
		label: "Mot de passe",
	},
} satisfies Translation["reauth"];
