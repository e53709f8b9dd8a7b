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
		revertRemoved: {
			intro:
				"Le changement de votre adresse e-mail a été annulé. Pour vous rendre le compte entier, nous avons aussi retiré ce que quelqu'un d'autre aurait pu y ajouter pour s'y connecter :",
			twoFactor: "La double authentification, avec son application d'authentification et ses codes de récupération.",
			passkeys: "Clés d'accès retirées : {count}.",
			addAgain:
				"Une fois votre nouveau mot de passe choisi, ajoutez de nouveau vos propres clés d'accès et la double authentification dans Paramètres, Sécurité.",
		},
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
		totpEnabled: {
			subject: "Double authentification activée",
			intro:
				"La double authentification a été activée sur votre compte Portico : la connexion demande désormais aussi un code de votre application d'authentification.",
		},
		totpDisabled: {
			subject: "Double authentification désactivée",
			intro:
				"La double authentification a été désactivée sur votre compte Portico : la connexion ne demande plus que votre mot de passe.",
		},
		totpReset: {
			subject: "Double authentification réinitialisée",
			intro:
				"Un administrateur a désactivé la double authentification de votre compte Portico. Vous pouvez la réactiver dans Paramètres, Sécurité.",
			askAdmin: "Si vous ne l'avez pas demandé, contactez votre administrateur.",
		},
		recoveryCodeUsed: {
			subject: "Un code de récupération a été utilisé",
			intro:
				"Un des codes de récupération de votre compte Portico vient d'être utilisé pour confirmer votre identité. Il ne pourra plus servir.",
			remaining:
				"Codes de récupération inutilisés restants : {count}. Vous pouvez en générer de nouveaux dans Paramètres, Sécurité.",
		},
		secondFactorLocked: {
			subject: "Codes de double authentification erronés sur votre compte",
			intro:
				"De nombreux codes de double authentification erronés viennent d'être saisis pour votre compte Portico, après son bon mot de passe : les codes sont refusés pendant les 15 prochaines minutes. La personne qui les a saisis connaît votre mot de passe.",
		},
		passwordGuessesLocked: {
			subject: "Mots de passe erronés dans une session ouverte",
			intro:
				"De nombreux mots de passe erronés viennent d'être saisis dans une session ouverte de votre compte Portico, pour confirmer son identité ou changer son mot de passe : les mots de passe y sont refusés pendant les 15 prochaines minutes. Vous pouvez fermer les sessions que vous ne reconnaissez pas dans Paramètres, Sécurité.",
		},
		passkeyAdded: {
			subject: "Une clé d'accès a été ajoutée",
			intro:
				"Une clé d'accès nommée « {name} » a été ajoutée à votre compte Portico. Elle permet de se connecter sans mot de passe.",
		},
		identityLinked: {
			subject: "Un fournisseur de connexion a été lié",
			intro:
				"Votre compte {provider} a été lié à votre compte Portico. Il permet désormais de se connecter à Portico. Vous pouvez le délier dans Paramètres, Sécurité.",
		},
		tokenCreated: {
			subject: "Un nouveau jeton d'accès a été créé",
			intro:
				"Un jeton d'accès personnel nommé « {name} » avec les droits {scopes} a été créé sur votre compte Portico. Les scripts qui le détiennent peuvent utiliser l'API en votre nom jusqu'au {expires}.",
		},
		tokenExpiring: {
			subject: "Un jeton d'accès arrive à échéance",
			intro:
				"Le jeton d'accès personnel « {name} » de votre compte Portico arrive à échéance le {expires}. Les scripts qui l'utilisent seront alors refusés : créez-en un nouveau dans Paramètres, Jetons, s'ils en ont encore besoin.",
		},
		emailChanged: {
			subject: "Votre adresse e-mail a été modifiée",
			intro:
				"L'adresse e-mail de votre compte Portico a été remplacée par {email}. Les messages concernant le compte y seront désormais envoyés, et non plus ici.",
			byAdmin:
				"Un administrateur a remplacé l'adresse e-mail de votre compte Portico par {email}. Les messages concernant le compte y seront désormais envoyés, et non plus ici.",
			revert:
				"Si vous n'êtes pas à l'origine de ce changement, utilisez le lien ci-dessous : il rétablit cette adresse, ferme toutes les sessions et vous envoie un lien pour choisir un nouveau mot de passe.",
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
		provider: {
			subject: "Votre compte Portico est prêt",
			signIn:
				"Connectez-vous via {provider} pour commencer à l'utiliser : votre adresse se connecte par ce fournisseur, sans mot de passe ici.",
			button: "Se connecter avec {provider}",
			ignore: "Si vous n'attendiez pas cette invitation, prévenez votre administrateur.",
		},
	},
} satisfies Translation["mail"];
