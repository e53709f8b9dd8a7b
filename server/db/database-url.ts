/** What DATABASE_URL selects: SQLite (`file:`, optionally with the file's path) or PostgreSQL. */
export type DatabaseUrl = { kind: "sqlite"; path: string | undefined } | { kind: "postgres"; url: string };

/** DATABASE_URL read, or undefined when it is neither `file:…` nor a usable `postgres://` URL. */
export function parseDatabaseUrl(value: string): DatabaseUrl | undefined {
	if (value.startsWith("file:")) {
		const path = value.slice("file:".length).replace(/^\/\/(?=\/)/, "");
		return { kind: "sqlite", path: path === "" ? undefined : path };
	}
	let url: URL;
	try {
		url = new URL(value);
	} catch {
		return undefined;
	}
	if (url.protocol !== "postgres:" && url.protocol !== "postgresql:") return undefined;
	const database = decodeURIComponent(url.pathname.slice(1));
	if (url.hostname === "" || database === "" || database.includes("/")) return undefined;
	return { kind: "postgres", url: value };
}
