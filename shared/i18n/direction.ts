import type { Locales } from "./i18n-types";

/** Only Arabic of our languages is written right to left. */
export const directionOf = (locale: Locales): "rtl" | "ltr" => (locale === "ar" ? "rtl" : "ltr");

/**
 * A left-to-right value (an e-mail address) set inside a sentence of any direction: the
 * Unicode isolates keep its characters in their order within Arabic text.
 */
export const isolate = (value: string): string => `\u2068${value}\u2069`;
