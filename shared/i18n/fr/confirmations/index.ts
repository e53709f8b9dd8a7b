import type { NamespaceConfirmationsTranslation } from "../../i18n-types";

const confirmations = {
	unsaved: {
		title: "Abandonner les modifications non enregistrées ?",
		text: "Vos modifications du profil ne sont pas enregistrées. Si vous quittez maintenant, elles seront perdues.",
		stay: "Continuer la modification",
		leave: "Abandonner les modifications",
	},
	unsavedCodes: {
		title: "Partir sans vos codes de récupération ?",
		text: "Ces codes ne sont affichés que maintenant. Si vous partez avant de les enregistrer, vous devrez en générer de nouveaux.",
		stay: "Rester",
		leave: "Partir",
	},
	removeImage: {
		title: "Supprimer l'image de profil ?",
		text: "L'image sera supprimée. Vous pourrez en téléverser une autre à tout moment.",
		confirm: "Supprimer l'image",
		cancel: "Annuler",
	},
	deactivateUser: {
		title: "Désactiver {name} ?",
		text: "{name} sera déconnecté partout et ne pourra plus se connecter tant que le compte ne sera pas réactivé.",
		confirm: "Désactiver",
		cancel: "Annuler",
	},
} satisfies NamespaceConfirmationsTranslation;

export default confirmations;
