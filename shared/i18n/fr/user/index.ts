import type { NamespaceUserTranslation } from "../../i18n-types";

const user = {
	fullName: "Nom complet",
	firstName: "Prénom",
	lastName: "Nom",
	email: "E-mail",
	phone: "Numéro de téléphone",
	address: "Adresse",
	city: "Ville",
	country: "Pays",
	language: "Langue",
	timezone: "Fuseau horaire",
	avatar: "Avatar",
	bio: "Biographie",
	website: "Site web",
} satisfies NamespaceUserTranslation;

export default user;
