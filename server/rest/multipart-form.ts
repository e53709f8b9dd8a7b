import fastifyMultipart from "@fastify/multipart";
import { errorCodes, type FastifyInstance, type FastifyRequest } from "fastify";
import { z } from "zod";
import { MAX_IMAGE_BYTES } from "../../shared/schemas/media.ts";
import { DomainError } from "../domain/errors.ts";

/** The largest body the app reads (Fastify's bodyLimit): a form's fields get the same. */
export const BODY_LIMIT = 1024 * 1024;

/** FastAPI's answer to a form it cannot parse; the REST error handler sends it as a 400 `detail`. */
class MalformedBodyError extends Error {
	readonly statusCode = 400;
	constructor() {
		super("There was an error parsing the body");
	}
}

export type UploadedFile = { data: Buffer; filename: string; mimetype: string };

/** A file part as the upload schema sees it (the bytes are checked by the service). */
export const uploadedFileSchema = z
	.custom<UploadedFile>(
		(value) => typeof value === "object" && value !== null && Buffer.isBuffer((value as UploadedFile).data),
		{ message: "fieldRequired" },
	)
	.meta({ type: "string", format: "binary" });

type Limits = {
	fileSize: number;
	files: number;
	fields: number;
	fieldSize: number;
	parts: number;
	headerPairs: number;
};

/**
 * A form of fields only (login, the media move): the same limits as the url-encoded body
 * (1 MB in all), and a file part is refused. Nothing is ever written to disk.
 */
const FORM_LIMITS: Limits = { fileSize: 0, files: 0, fields: 20, fieldSize: BODY_LIMIT, parts: 20, headerPairs: 50 };

/** The upload form: one file of at most 5 MB and a few small fields. */
const UPLOAD_LIMITS: Limits = {
	fileSize: MAX_IMAGE_BYTES,
	files: 1,
	fields: 10,
	fieldSize: 1024,
	parts: 12,
	headerPairs: 50,
};

/**
 * Multipart for one scope (a content-type parser is per scope): routes elsewhere keep
 * answering 415 to multipart. The routes pass their own limits (`formBody`, `uploadBody`).
 */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
	await app.register(fastifyMultipart, { limits: FORM_LIMITS });
}

/** A value Fastify would have refused as a url-encoded body. */
const tooLarge = () => new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();

/**
 * Reads a multipart body into a plain object (fields as strings, the file as bytes in
 * memory) so the route's zod schema validates it like any body. An empty field counts as
 * absent, as FastAPI reads forms. Limits are applied while the bytes stream in: nothing
 * oversized is kept, and a field cut short by its limit is refused, never used truncated.
 */
async function readMultipart(request: FastifyRequest, limits: Limits): Promise<void> {
	if (!request.isMultipart()) return;
	const body: Record<string, unknown> = {};
	let fieldBytes = 0;
	try {
		for await (const part of request.parts({ limits })) {
			if (part.type === "field") {
				if (part.valueTruncated) throw tooLarge();
				if (typeof part.value !== "string") continue;
				fieldBytes += Buffer.byteLength(part.value);
				if (fieldBytes > BODY_LIMIT) throw tooLarge();
				if (part.value === "") delete body[part.fieldname];
				else body[part.fieldname] = part.value;
				continue;
			}
			const chunks: Buffer[] = [];
			for await (const chunk of part.file) chunks.push(chunk as Buffer);
			if (part.file.truncated) throw new DomainError("FILE_TOO_LARGE");
			body[part.fieldname] = { data: Buffer.concat(chunks), filename: part.filename, mimetype: part.mimetype };
		}
	} catch (error) {
		if (error instanceof DomainError) throw error;
		const { code, statusCode } = error as { code?: string; statusCode?: number };
		if (code === "FST_REQ_FILE_TOO_LARGE") throw new DomainError("FILE_TOO_LARGE");
		// The parts, files and fields limits carry a 413 of their own.
		if (statusCode !== undefined && statusCode < 500) throw error;
		// Anything else is a body busboy could not parse (no boundary, cut short...).
		throw new MalformedBodyError();
	}
	request.body = body;
}

/** `preValidation` hook of a form route: a multipart form becomes the body, as a url-encoded one does. */
export const formBody = (request: FastifyRequest) => readMultipart(request, FORM_LIMITS);

/** `preValidation` hook of the upload route. */
export const uploadBody = (request: FastifyRequest) => readMultipart(request, UPLOAD_LIMITS);

/** The url-encoded twin of `formBody`: fields as strings, the last of a repeated name wins, empty is absent. */
export function parseUrlEncodedForm(text: string): Record<string, string> {
	const body: Record<string, string> = {};
	for (const [name, value] of new URLSearchParams(text)) {
		if (value === "") delete body[name];
		else body[name] = value;
	}
	return body;
}
