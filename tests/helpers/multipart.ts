import { randomBytes } from "node:crypto";

export type Part = { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer };

/** A multipart/form-data body for app.inject, built by hand so tests control every byte. */
export function multipart(parts: Part[]): { payload: Buffer; headers: { "content-type": string } } {
	const boundary = `----portico${randomBytes(8).toString("hex")}`;
	const chunks: Buffer[] = [];
	for (const part of parts) {
		if ("filename" in part) {
			chunks.push(
				Buffer.from(
					`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
				),
				part.data,
				Buffer.from("\r\n"),
			);
		} else {
			chunks.push(
				Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
			);
		}
	}
	chunks.push(Buffer.from(`--${boundary}--\r\n`));
	return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** The upload form the client sends. */
export const uploadForm = (entityId: string, data: Buffer, filename = "photo.jpg", type = "image/jpeg") =>
	multipart([
		{ name: "entity_type", value: "user" },
		{ name: "entity_id", value: entityId },
		{ name: "file", filename, type, data },
	]);
