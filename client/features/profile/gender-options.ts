import { type Gender, genders } from "../../../shared/schemas/profile.ts";
import type { TranslationFunctions } from "../../i18n/index.tsx";

export const genderLabel = (gender: Gender, LL: TranslationFunctions) => LL.settings.profile.genders[gender]();

export const genderOptions = (LL: TranslationFunctions) =>
	genders.map((value) => ({ value, label: genderLabel(value, LL) }));
