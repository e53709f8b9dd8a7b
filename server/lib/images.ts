import type sharpModule from "sharp";
import type { ImageContentType } from "../../shared/schemas/media.ts";
import { DomainError, fail } from "../domain/errors.ts";
import { imageJobs } from "./image-queue.ts";

let loading: Promise<typeof sharpModule> | undefined;

/**
 * sharp, loaded with the first image rather than at start: libvips is about 25 MB of
 * resident memory that a server nobody uploads to never needs, and a slower cold start.
 * One libvips thread per image (the default is one per core on some systems): with one
 * image job at a time, image work never takes more than one core from logins.
 */
const loadSharp = () => {
	loading ??= import("sharp").then(({ default: sharp }) => {
		sharp.concurrency(1);
		return sharp;
	});
	return loading;
};

/** Bigger images than this (all frames together) are refused: a small file can decode to gigabytes. */
export const MAX_PIXELS = 50_000_000;
/**
 * Animations cost far more per pixel to re-encode than still images: a 60 KB GIF of 100
 * frames of 400×400 (16 million pixels) took 1 s of CPU, a 4 MB one of 20 noisy frames
 * 1.8 s. These caps keep one animation to about a third of a second (a few seconds
 * for noise), and still allow a 100-frame 220×220 or a 40-frame 350×350 avatar.
 */
export const MAX_FRAMES = 100;
export const MAX_ANIMATION_PIXELS = 5_000_000;

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
 * WebP keep their frames. Anything sharp cannot decode as the sniffed type is refused,
 * so is anything past the pixel and frame caps. Images wait their turn in `imageJobs`.
 */
export async function reencodeImage(bytes: Buffer): Promise<{ data: Buffer; contentType: ImageContentType }> {
	const contentType = sniffImageType(bytes) ?? fail("UNSUPPORTED_MEDIA");
	return imageJobs.run(() => reencode(bytes, contentType));
}

async function reencode(bytes: Buffer, contentType: ImageContentType) {
	const format = sharpFormat[contentType];
	const animated = format === "gif" || format === "webp";
	// Outside the try: a sharp that cannot load is a broken install (a 500), not a bad image.
	const sharp = await loadSharp();
	try {
		// With `animated`, the height (and so the pixel limit) counts every frame.
		const input = sharp(bytes, { animated, limitInputPixels: MAX_PIXELS, failOn: "error" });
		const meta = await input.metadata();
		if (meta.format !== format) return fail("UNSUPPORTED_MEDIA");
		const frames = meta.pages ?? 1;
		if (frames > 1 && (frames > MAX_FRAMES || meta.width * meta.height > MAX_ANIMATION_PIXELS)) {
			return fail("IMAGE_TOO_LARGE");
		}
		const pipeline = frames > 1 ? input : input.autoOrient();
		const data = await pipeline.toFormat(format).toBuffer();
		return { data, contentType };
	} catch (error) {
		if (error instanceof DomainError) throw error;
		if (error instanceof Error && error.message.includes("pixel limit")) return fail("IMAGE_TOO_LARGE");
		return fail("UNSUPPORTED_MEDIA");
	}
}
