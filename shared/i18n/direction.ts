import type { Locales } from "./i18n-types";

/** Only Arabic of our languages is written right to left. */
export const directionOf = (locale: Locales): "rtl" | "ltr" => (locale === "ar" ? "rtl" : "ltr");
