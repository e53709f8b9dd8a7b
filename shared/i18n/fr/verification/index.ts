import type { NamespaceVerificationTranslation } from "../../i18n-types";

const verification = {
	banner: {
		title: "Veuillez vérifier votre adresse e-mail",
		text: "Nous avons envoyé un lien à {email}. Ouvrez-le pour confirmer que l'adresse est bien la vôtre.",
		resend: "Renvoyer",
		resendIn: "Renvoyer dans {seconds} s",
		sent: "E-mail de vérification envoyé. Consultez votre boîte de réception.",
		dismiss: "Masquer",
	},
	verify: {
		title: "Vérification de l'adresse e-mail",
		checking: "Vérification du lien...",
		done: "Votre adresse e-mail est vérifiée. Merci !",
		alreadyDone: "Votre adresse e-mail est déjà vérifiée.",
		invalid: "Ce lien est invalide, a expiré ou a déjà été utilisé.",
		missingToken: "Ce lien ne contient pas de jeton. Ouvrez à nouveau le lien de l'e-mail.",
		askAgain: "Demander un nouveau lien",
		logInToAsk: "Connectez-vous pour demander un nouveau lien.",
	},
	revert: {
		title: "Annuler le changement d'adresse e-mail",
		text: "L'adresse e-mail de votre compte a été modifiée. Si ce n'était pas vous, annulez le changement : votre adresse précédente est rétablie, toutes les sessions sont fermées, les clés d'accès et la double authentification sont retirées (vous ajoutez ensuite les vôtres) et nous envoyons à cette adresse un lien pour choisir un nouveau mot de passe.",
		button: "Annuler le changement",
		done: "Le changement a été annulé. Toutes les sessions ont été fermées, les clés d'accès et la double authentification ont été retirées, et nous avons envoyé à votre adresse précédente un lien pour définir un nouveau mot de passe.",
		invalid: "Ce lien est invalide, a expiré ou a déjà été utilisé.",
		missingToken: "Ce lien ne contient pas de jeton. Ouvrez à nouveau le lien de l'e-mail.",
	},
	continueToApp: "Continuer vers Portico",
	goToLogin: "Aller à la connexion",
} satisfies NamespaceVerificationTranslation;

export default verification;
