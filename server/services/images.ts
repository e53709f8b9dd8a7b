import sharp from "sharp";
import type { ImageContentType } from "../../shared/schemas/media.ts";
import { DomainError, fail } from "../domain/errors.ts";

/** Bigger images than this (all frames together) are refused: a small file can decode to gigabytes. */
const MAX_PIXELS = 50_000_000;

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
	bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

/** The image type from the first bytes, never from a name or a declared type. */
export function sniffImageType(bytes: Buffer): ImageContentType | null {
	if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
	if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
	if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61)
		return "image/gif";
	if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
		return "image/webp";
	return null;
}

const sharpFormat = { "image/jpeg": "jpeg", "image/png": "png", "image/gif": "gif", "image/webp": "webp" } as const;

/**
 * Decodes and re-encodes the image in its own format: EXIF orientation is applied, then
 * every metadata block (EXIF, GPS, XMP, ICC comments) is left behind. Animated GIF and
 * WebP keep their frames. Anything sharp cannot decode as the sniffed type is refused.
 */
export async function reencodeImage(bytes: Buffer): Promise<{ data: Buffer; contentType: ImageContentType }> {
	const contentType = sniffImageType(bytes) ?? fail("UNSUPPORTED_MEDIA");
	const format = sharpFormat[contentType];
	const animated = format === "gif" || format === "webp";
	try {
		const input = sharp(bytes, { animated, limitInputPixels: MAX_PIXELS, failOn: "error" });
		const meta = await input.metadata();
		if (meta.format !== format) return fail("UNSUPPORTED_MEDIA");
		const pipeline = (meta.pages ?? 1) > 1 ? input : input.autoOrient();
		const data = await pipeline.toFormat(format).toBuffer();
		return { data, contentType };
	} catch (error) {
		if (error instanceof DomainError) throw error;
		return fail("UNSUPPORTED_MEDIA");
	}
}
