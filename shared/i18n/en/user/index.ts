import type { NamespaceBaseTranslation } from "../../namespace-base";

const user = {
	fullName: "Full name",
	firstName: "First name",
	lastName: "Last name",
	email: "E-mail",
	phone: "Phone number",
	address: "Address",
	city: "City",
	country: "Country",
	language: "Language",
	timezone: "Timezone",
	avatar: "Avatar",
	bio: "Biography",
	website: "Website",
} satisfies NamespaceBaseTranslation;

export default user;
