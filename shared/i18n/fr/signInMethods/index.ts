import type { NamespaceSignInMethodsTranslation } from "../../i18n-types";

const signInMethods = {
	heading: "Moyens de connexion",
	intro: "Les façons de vous connecter à votre compte. Gardez-en au moins une.",
	password: "Mot de passe",
	passwordSet: "Défini",
	passwordNotSet: "Non défini : vous vous connectez autrement",
	passwordEnforced: "Désactivé : vous vous connectez avec {name}",
	passkeys: "Clés d'accès",
	identitiesLabel: "Vos fournisseurs de connexion liés",
	noIdentities: "Aucun fournisseur de connexion n'est lié à votre compte.",
	addressAtLink: "Adresse lors de la liaison : {email}",
	linkedOn: "Lié le {date}",
	lastUsed: "Dernière utilisation le {date}",
	neverUsed: "Jamais utilisé",
	link: "Lier {name}",
	linkText: "Vous vous connecterez chez {name}, puis reviendrez ici.",
	unlink: "Délier",
	unlinkFor: "Délier {name}",
	unlinkTitle: "Délier {name} ?",
	unlinkText:
		"Vous ne pourrez plus vous connecter avec {name} en tant que {email}. Vos autres sessions ouvertes avec lui prennent fin maintenant. Vous pourrez le lier à nouveau plus tard.",
	unlinked: "{name} n'est plus lié à votre compte",
	lastMethod:
		"C'est votre dernier moyen de connexion : sans lui, vous ne pourriez plus entrer. Définissez d'abord un mot de passe ou ajoutez une clé d'accès.",
	reauthText: "Confirmez chez votre fournisseur de connexion : vous reviendrez sur cette page, puis refaites l'action.",
	reauthTab: "Fournisseur",
	reauthWith: "Continuer avec {name}",
	sso: {
		title: "Connexion en cours",
		working: "Nous finalisons votre connexion...",
		refusedTitle: "Vous n'êtes pas connecté",
		notDoneTitle: "Cela n'a pas fonctionné",
		backToLogin: "Retour à la connexion",
		back: "Revenir",
		linked: "{name} est maintenant lié à votre compte. Vous pouvez désormais vous connecter avec.",
		reauthenticated: "Merci, vous pouvez continuer.",
		reasons: {
			IDENTITY_NOT_LINKED:
				"Aucun compte ici n'est lié à cette connexion. Connectez-vous autrement, puis liez-la dans les Paramètres, rubrique Sécurité.",
			DOMAIN_NOT_ALLOWED:
				"Votre adresse chez le fournisseur n'est pas dans un domaine autorisé ici. Demandez l'accès à votre administrateur.",
			ORG_NOT_ALLOWED:
				"Votre compte GitHub n'est pas membre d'une organisation autorisée ici. Demandez l'accès à votre administrateur.",
			PROVIDER_UNAVAILABLE:
				"Votre fournisseur de connexion est injoignable pour le moment. Réessayez dans quelques minutes.",
			PROVIDER_NOT_FOUND: "Ce moyen de connexion n'est plus proposé ici.",
			INACTIVE_USER: "Votre compte est désactivé. Demandez à votre administrateur de le réactiver.",
			EMAIL_NOT_VERIFIED:
				"Votre adresse e-mail n'est pas encore confirmée. Ouvrez le lien que nous vous avons envoyé, puis reconnectez-vous.",
			IDENTITY_LINKED_ELSEWHERE:
				"Cette connexion est déjà liée à un autre compte ici. Connectez-vous à ce compte pour la délier d'abord.",
			PROVIDER_ALREADY_LINKED:
				"Votre compte a déjà une connexion de ce fournisseur. Déliez-la d'abord pour en lier une autre.",
			RATE_LIMITED: "Trop de tentatives. Attendez une minute, puis réessayez.",
			generic: "La connexion avec votre fournisseur n'a pas abouti. Veuillez réessayer.",
		},
	},
	admin: {
		nav: "Fournisseurs de connexion",
		title: "Fournisseurs de connexion",
		intro:
			"Les fournisseurs avec lesquels on peut se connecter, tels que les réglages de ce serveur les configurent. Enregistrez l'URL de retour de chacun chez le fournisseur.",
		empty:
			"Aucun fournisseur de connexion n'est configuré. Le guide de la documentation explique comment en ajouter un.",
		listLabel: "Fournisseurs de connexion configurés",
		kind: { oidc: "OpenID Connect", github: "GitHub" },
		issuer: "Émetteur",
		callbackUrl: "URL de retour",
		copy: "Copier",
		copyFor: "Copier l'URL de retour de {name}",
		copied: "URL de retour copiée",
		scopes: "Portées",
		allowedDomains: "Domaines autorisés",
		allowedOrgs: "Organisations autorisées",
		anyone: "Tous",
		sessionTtl: "Durée maximale des sessions",
		flags: "Options",
		flag: {
			signup: "Inscription permise",
			enforce: "Obligatoire pour ses domaines",
			trustEmail: "Adresses acceptées sans preuve",
			bypassTwoFactor: "Tient lieu de double authentification",
		},
		noFlags: "Aucune",
		check: "Vérifier",
		checkFor: "Vérifier {name}",
		checkOk: "Joignable, en {ms} ms",
		checkFailed: "Injoignable ({ms} ms) : {detail}",
		checkFailedNoDetail: "Injoignable ({ms} ms)",
		userMenu: "Moyens de connexion",
		userTitle: "Moyens de connexion de {name}",
		userText: "Les fournisseurs de connexion liés à ce compte.",
		userEmpty: "Aucun fournisseur de connexion n'est lié à ce compte.",
		userUnlinkText:
			"{user} ne pourra plus se connecter avec {name} en tant que {email}, et ses sessions ouvertes avec lui prennent fin maintenant. Cette personne pourra le lier à nouveau elle-même.",
		userLastMethod:
			"C'est son dernier moyen de connexion : sans lui, cette personne ne pourrait plus entrer du tout. Définissez-lui d'abord un mot de passe, ou demandez-lui d'ajouter une clé d'accès.",
		userUnlinked: "{name} n'est plus lié à ce compte",
	},
} satisfies NamespaceSignInMethodsTranslation;

export default signInMethods;
