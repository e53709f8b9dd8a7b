import type { ResetTexts } from "./types.ts";

export const fr: ResetTexts = {
	dir: "ltr",
	subject: "Récupération du mot de passe",
	greeting: (name) => `Bonjour ${name},`,
	intro: "Nous avons reçu une demande de réinitialisation du mot de passe de votre compte Portico.",
	button: "Réinitialiser le mot de passe",
	validity: (minutes) => `Ce lien est valable ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
	linkHint: "Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :",
	ignore: "Si vous n'avez pas demandé de nouveau mot de passe, ignorez cet e-mail ; votre mot de passe reste inchangé.",
	signature: "L'équipe Portico",
};
