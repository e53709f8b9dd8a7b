import type { NamespaceFormsTranslation } from "../../i18n-types";

const forms = {
	required: "Ce champ est obligatoire",
	invalidEmail: "Veuillez saisir une adresse e-mail valide",
	passwordMinLength: "Le mot de passe doit contenir au moins {min_length} caractères",
	passwordsDoNotMatch: "Les mots de passe ne correspondent pas",
	invalidPhone: "Veuillez saisir un numéro de téléphone valide",
	invalidUrl: "Veuillez saisir une URL valide",
	minLength: "Doit contenir au moins {min} caractères",
	maxLength: "Doit contenir au plus {max} caractères",
	mustBeNumber: "Doit être un nombre",
	mustBePositive: "Doit être un nombre positif",
	mustBeWhole: "Doit être un nombre entier",
} satisfies NamespaceFormsTranslation;

export default forms;
