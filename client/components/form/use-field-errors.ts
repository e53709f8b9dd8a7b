import { get, useFormState } from "react-hook-form";
import { useI18n } from "../../i18n/index.tsx";
import { errorMessages } from "../../lib/validation.ts";

/** Every failure of the form field `name`, translated; re-renders only when that field's errors change. */
export function useFieldErrors(name: string): string[] {
	const { LL } = useI18n();
	const { errors } = useFormState({ name });
	return errorMessages(get(errors, name), LL);
}
