/**
 * CSV as RFC 4180 writes it (comma, CRLF, a field quoted when it holds a comma, a quote or
 * a line break, quotes doubled), safe to open in a spreadsheet.
 */

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, or a tab or carriage
 * return before one): prefixed with a single quote, as OWASP advises for CSV injection.
 * User agents and e-mails are chosen by whoever sends them.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvValue = string | number | boolean | null | undefined;

export function csvCell(value: CsvValue): string {
	if (value === null || value === undefined) return "";
	let text = String(value);
	if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
	return /[",\r\n]/.test(text) || text !== String(value) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (values: readonly CsvValue[]): string => `${values.map(csvCell).join(",")}\r\n`;
