/**
 * A body exactly as a browser sends a `FormData`: the platform's own multipart encoder
 * writes the bytes and picks the boundary, as it does for the FastAPI template's client.
 */
export async function browserFormData(
	fields: Record<string, string | Blob>,
): Promise<{ payload: Buffer; headers: { "content-type": string } }> {
	const form = new FormData();
	for (const [name, value] of Object.entries(fields)) form.append(name, value);
	const request = new Request("http://localhost/", { method: "POST", body: form });
	const contentType = request.headers.get("content-type");
	if (!contentType?.startsWith("multipart/form-data; boundary=")) throw new Error(`unexpected ${contentType}`);
	return { payload: Buffer.from(await request.arrayBuffer()), headers: { "content-type": contentType } };
}

/** The same fields url-encoded, as curl -d or an HTML form sends them. */
export const urlEncodedForm = (fields: Record<string, string>) => ({
	payload: new URLSearchParams(fields).toString(),
	headers: { "content-type": "application/x-www-form-urlencoded" },
});
