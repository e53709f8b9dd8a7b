import type { NamespaceSecurityMailTranslation } from "../../i18n-types";

/** Avis de sécurité du compte, envoyés par le serveur dans la langue du destinataire. */
const fr_securityMail = {
	notYou:
		"Si ce n'était pas vous, connectez-vous, changez votre mot de passe et vérifiez dès maintenant vos réglages de double authentification et vos clés d'accès, ou contactez un administrateur.",
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
	},
	recoveryCodeUsed: {
		subject: "Un code de récupération a été utilisé",
		intro:
			"Un des codes de récupération de votre compte Portico vient d'être utilisé pour confirmer votre identité. Il ne pourra plus servir.",
		remaining:
			"Codes de récupération inutilisés restants : {count}. Vous pouvez en générer de nouveaux dans Paramètres, Sécurité.",
	},
	passkeyAdded: {
		subject: "Une clé d'accès a été ajoutée",
		intro:
			"Une clé d'accès nommée « {name} » a été ajoutée à votre compte Portico. Elle permet de se connecter sans mot de passe.",
	},
} satisfies NamespaceSecurityMailTranslation;

export default fr_securityMail;
