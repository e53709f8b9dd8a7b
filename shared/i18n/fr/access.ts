import type { Translation } from "../i18n-types";

export const access = {
	denied: {
		title: "Vous n'avez pas accès à cette page",
		text: "Cette page est réservée aux administrateurs. Si vous en avez besoin, demandez à l'un d'eux.",
		back: "Retour au tableau de bord",
	},
	sessionEnded: "Votre session a pris fin. Veuillez vous reconnecter.",
} satisfies Translation["access"];
