import type { NamespaceSecurityTranslation } from "../../i18n-types";

const fr_security = {
	twoFactor: {
		heading: "Double authentification",
		intro: "Connectez-vous avec un code d'une application d'authentification en plus de votre mot de passe.",
		on: "Activée",
		off: "Désactivée",
		since: "Activée le {date}",
		codesLeft: "Codes de récupération restants : {count}",
		enable: "Activer",
		disable: "Désactiver",
		scan: "Scannez ce QR code avec votre application d'authentification, ou saisissez-y la clé.",
		qrAlt: "QR code pour ajouter Portico à une application d'authentification",
		key: "Clé",
		code: "Code de l'application",
		verify: "Vérifier et activer",
		cancel: "Annuler",
		enabled: "Double authentification activée",
		disableTitle: "Désactiver la double authentification ?",
		disableText:
			"La connexion ne demandera plus que votre mot de passe, et vos codes de récupération ne fonctionneront plus.",
		disabled: "Double authentification désactivée",
		regenerate: "Générer de nouveaux codes de récupération",
		regenerateText: "Vos codes de récupération actuels ne fonctionneront plus.",
	},
	codes: {
		heading: "Vos codes de récupération",
		text: "Chaque code permet de vous connecter une fois si vous perdez votre téléphone. Conservez-les en lieu sûr : ils ne sont affichés que maintenant.",
		copy: "Copier",
		download: "Télécharger",
		copied: "Copié",
		done: "Je les ai conservés",
		file: "Codes de récupération Portico pour {email}",
	},
	login: {
		heading: "Double authentification",
		codeText: "Saisissez le code de votre application d'authentification.",
		codeLabel: "Code de double authentification",
		recoveryText: "Saisissez l'un de vos codes de récupération.",
		recoveryLabel: "Code de récupération",
		recoveryInstead: "Utiliser un code de récupération",
		appInstead: "Utiliser l'application d'authentification",
		verify: "Vérifier",
		back: "Retour à la connexion",
	},
} satisfies NamespaceSecurityTranslation;

export default fr_security;
