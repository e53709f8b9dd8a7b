import type { Translation } from "../i18n-types";

export const errorHints = {
	tryAgainIn: "Réessayez dans {seconds|wait}.",
	contactAdmin: "Contactez un administrateur.",
	resetLinkInvalid: "Ce lien a expiré ou a déjà été utilisé. Demandez un nouvel e-mail de récupération.",
} satisfies Translation["errorHints"];
