import { Field } from "../../components/form/field.tsx";
import { useI18n } from "../../i18n/index.tsx";

/** The e-mail of the public screens (login, sign-up, recovery). */
export function EmailField({ name, autoComplete }: { name: string; autoComplete: "username" | "email" }) {
	const { LL } = useI18n();
	return (
		<Field
			name={name}
			label={LL.auth.email()}
			placeholder={LL.auth.email()}
			testId="email-input"
			type="email"
			autoComplete={autoComplete}
			required
		/>
	);
}
