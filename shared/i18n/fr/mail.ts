import type { Translation } from "../i18n-types";

export const mail = {
	greeting: "Bonjour {name},",
	linkHint: "Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :",
	signature: "L'équipe Portico",
	validMinutes: "Ce lien est valable {count} {{minute|minutes}}.",
	validHours: "Ce lien est valable {count} {{heure|heures}}.",
	validDays: "Ce lien est valable {count} {{jour|jours}}.",
	reset: {
		subject: "Récupération du mot de passe",
		intro: "Nous avons reçu une demande de réinitialisation du mot de passe de votre compte Portico.",
		button: "Réinitialiser le mot de passe",
		ignore:
			"Si vous n'avez pas demandé de nouveau mot de passe, ignorez cet e-mail ; votre mot de passe reste inchangé.",
	},
	invite: {
		subject: "Choisissez votre mot de passe",
		intro: "Un administrateur vous a créé un compte Portico. Vous vous connecterez avec {email}.",
		choose: "Choisissez votre mot de passe pour commencer à l'utiliser.",
		button: "Choisir mon mot de passe",
		ignore:
			"Si vous n'attendiez pas cette invitation, ignorez cet e-mail : sans mot de passe, personne ne peut se connecter au compte.",
	},
} satisfies Translation["mail"];
