import { reauthenticateSchema } from "../../../../shared/schemas/reauth.ts";
import { PasswordField } from "../../../components/form/password-field.tsx";
import { useI18n } from "../../../i18n/index.tsx";
import { ProofForm } from "./proof-form.tsx";
import type { ReauthMethodProps } from "./reauth-method.ts";

/** Confirms with the account's password; a refusal (wrong password, too many tries) shows under the field. */
export function PasswordMethod(props: ReauthMethodProps) {
	const { LL } = useI18n();
	return (
		<ProofForm {...props} name="password" schema={reauthenticateSchema} text={LL.reauth.password.text()}>
			<PasswordField
				name="password"
				label={LL.reauth.password.label()}
				testId="reauth-password-input"
				autoComplete="current-password"
				required
			/>
		</ProofForm>
	);
}
