import type { NamespaceAuditTranslation } from "../../i18n-types";

const audit = {
	actions: {
		user__signup: "Compte créé",
		auth__login: "Connexion",
		auth__login_failed: "Tentative de connexion échouée",
		auth__logout: "Déconnexion",
		auth__logout_all: "Déconnexion de partout",
		auth__refresh_reuse: "Session terminée : un jeton volé a été détecté",
		auth__reauthenticate: "Identité confirmée",
		password__change: "Mot de passe modifié",
		password__reset_request: "Réinitialisation du mot de passe demandée",
		password__reset: "Mot de passe réinitialisé",
		email__change: "Adresse e-mail modifiée",
		email__change_reverted: "Changement d'adresse e-mail annulé",
		account__credentials_removed: "Clés d'accès et double authentification retirées à la reprise du compte",
		email__verify: "Adresse e-mail vérifiée",
		session__revoke: "Session révoquée",
		session__revoke_others: "Autres sessions révoquées",
		totp__enable: "Authentification à deux facteurs activée",
		totp__disable: "Authentification à deux facteurs désactivée",
		recovery_codes__regenerate: "Nouveaux codes de récupération générés",
		recovery_code__use: "Code de récupération utilisé",
		passkey__add: "Clé d'accès ajoutée",
		passkey__remove: "Clé d'accès supprimée",
		identity__link: "Fournisseur de connexion lié",
		admin__user_create: "Utilisateur créé par un administrateur",
		admin__user_invite: "Utilisateur invité",
		admin__user_update: "Utilisateur modifié par un administrateur",
		admin__user_delete: "Utilisateur supprimé par un administrateur",
		admin__sessions_revoke: "Déconnecté de partout par un administrateur",
		admin__totp_reset: "Authentification à deux facteurs réinitialisée par un administrateur",
		user__delete: "Compte supprimé",
	},
} satisfies NamespaceAuditTranslation;

export default audit;
