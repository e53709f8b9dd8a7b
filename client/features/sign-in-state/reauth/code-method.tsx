import { totpCodeSchema } from "../../../../shared/schemas/two-factor.ts";
import { Field } from "../../../components/form/field.tsx";
import { useI18n } from "../../../i18n/index.tsx";
import { ProofForm } from "./proof-form.tsx";
import type { ReauthMethodProps } from "./reauth-method.ts";

/** Confirms with a code of the authenticator app, or a recovery code; a refusal shows under the field. */
export function CodeMethod(props: ReauthMethodProps) {
	const { LL } = useI18n();
	return (
		<ProofForm {...props} name="code" schema={totpCodeSchema} text={LL.reauth.code.text()}>
			<Field
				name="code"
				label={LL.reauth.code.label()}
				testId="reauth-code-input"
				autoComplete="one-time-code"
				required
			/>
		</ProofForm>
	);
}
