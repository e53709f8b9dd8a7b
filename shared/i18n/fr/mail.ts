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
	verify: {
		subject: "Vérifiez votre adresse e-mail",
		intro: "Confirmez que {email} est bien l'adresse de votre compte Portico.",
		button: "Vérifier l'adresse e-mail",
		ignore: "Si vous ne vous êtes pas inscrit sur Portico et n'y avez pas changé d'adresse, ignorez cet e-mail.",
	},
	notice: {
		ifNotYou:
			"Si c'était vous, vous n'avez rien à faire. Sinon, réinitialisez tout de suite votre mot de passe avec « Mot de passe oublié ? » sur l'écran de connexion, et prévenez votre administrateur.",
		passwordChanged: {
			subject: "Votre mot de passe a été modifié",
			intro: "Le mot de passe de votre compte Portico vient d'être modifié.",
		},
		emailChanged: {
			subject: "Votre adresse e-mail a été modifiée",
			intro:
				"L'adresse e-mail de votre compte Portico a été remplacée par {email}. Les messages concernant le compte y seront désormais envoyés, et non plus ici.",
			byAdmin:
				"Un administrateur a remplacé l'adresse e-mail de votre compte Portico par {email}. Les messages concernant le compte y seront désormais envoyés, et non plus ici.",
			revert:
				"Si vous n'êtes pas à l'origine de ce changement, utilisez le bouton ci-dessous : il rétablit cette adresse, ferme toutes les sessions et vous envoie un lien pour choisir un nouveau mot de passe.",
			button: "Ce n'était pas moi",
			askAdmin: "Si vous ne vous attendiez pas à ce changement, contactez votre administrateur.",
		},
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
