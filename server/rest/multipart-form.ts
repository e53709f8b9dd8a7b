import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { MAX_IMAGE_BYTES } from "../../shared/schemas/media.ts";
import { DomainError } from "../domain/errors.ts";

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

/** Multipart for this scope only: one file of at most 5 MB and a few small fields. */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
	await app.register(fastifyMultipart, {
		limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 50 },
	});
}

/**
 * A `preValidation` hook: turns a multipart body into a plain object (fields as strings,
 * the file as bytes in memory) so the route's zod schema validates it like any body.
 * The size limit is applied while the bytes stream in: nothing oversized is kept.
 */
export async function multipartToBody(request: FastifyRequest): Promise<void> {
	if (!request.isMultipart()) return;
	const body: Record<string, unknown> = {};
	try {
		for await (const part of request.parts()) {
			if (part.type === "field") {
				if (typeof part.value === "string") body[part.fieldname] = part.value;
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
