/** RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks; lines end with CRLF. */
export function parseCsv(text: string): string[][] {
	const records: string[][] = [];
	let record: string[] = [];
	let field = "";
	let quoted = false;
	for (let i = 0; i < text.length; i++) {
		const char = text[i];
		if (quoted) {
			if (char === '"' && text[i + 1] === '"') {
				field += '"';
				i++;
			} else if (char === '"') quoted = false;
			else field += char;
		} else if (char === '"') quoted = true;
		else if (char === ",") {
			record.push(field);
			field = "";
		} else if (char === "\r" && text[i + 1] === "\n") {
			record.push(field);
			records.push(record);
			record = [];
			field = "";
			i++;
		} else field += char;
	}
	if (quoted) throw new Error("unterminated quoted field");
	if (field !== "" || record.length > 0) throw new Error("the last record does not end with CRLF");
	return records;
}

/** The records as objects keyed by the header row. */
export function csvObjects(text: string): Record<string, string>[] {
	const [header, ...rows] = parseCsv(text);
	if (!header) throw new Error("no header row");
	return rows.map((row) => {
		if (row.length !== header.length) throw new Error(`a row of ${row.length} fields under ${header.length} columns`);
		return Object.fromEntries(header.map((name, i) => [name, row[i] as string]));
	});
}
