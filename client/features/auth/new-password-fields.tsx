import { PasswordField } from "../../components/form/password-field.tsx";
import { useI18n } from "../../i18n/index.tsx";

type Props = { passwordName: string; passwordLabel: string; passwordTestId: string };

/** A new password and its confirmation (`confirm_password`), as sign-up and the reset screen ask them. */
export function NewPasswordFields({ passwordName, passwordLabel, passwordTestId }: Props) {
	const { LL } = useI18n();
	return (
		<>
			<PasswordField
				name={passwordName}
				label={passwordLabel}
				placeholder={passwordLabel}
				testId={passwordTestId}
				autoComplete="new-password"
				required
			/>
			<PasswordField
				name="confirm_password"
				label={LL.auth.confirmPassword()}
				placeholder={LL.auth.confirmPassword()}
				testId="confirm-password-input"
				autoComplete="new-password"
				required
			/>
		</>
	);
}
