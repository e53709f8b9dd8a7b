import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";

/**
 * An animated GIF or WebP of `frames` frames of width × height. Each frame has its own
 * colour (or its own noise), so the encoder cannot merge frames and the file really
 * holds them all. Noise is the costliest content to re-encode: a GIF's palette has to
 * be chosen for it.
 */
export async function makeAnimation(
	format: "gif" | "webp",
	frames: number,
	width: number,
	height: number,
	options: { noise?: boolean } = {},
): Promise<Buffer> {
	const frame = (i: number) =>
		sharp({
			create: options.noise
				? { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 30 } }
				: { width, height, channels: 3, background: { r: (i * 37) % 256, g: (i * 91) % 256, b: (i * 13) % 256 } },
		})
			.png()
			.toBuffer();
	const joined = sharp(await Promise.all(Array.from({ length: frames }, (_, i) => frame(i))), {
		join: { animated: true },
	});
	return format === "gif" ? joined.gif().toBuffer() : joined.webp().toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
	const length = Buffer.alloc(4);
	length.writeUInt32BE(data.length);
	const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
	const crc = Buffer.alloc(4);
	crc.writeUInt32BE(crc32(body));
	return Buffer.concat([length, body, crc]);
}

/** A 100-byte PNG whose header says width × height (RGB, 8 bits): a decompression bomb's shape. */
export function makePngClaiming(width: number, height: number): Buffer {
	const header = Buffer.alloc(13);
	header.writeUInt32BE(width, 0);
	header.writeUInt32BE(height, 4);
	header[8] = 8;
	header[9] = 2;
	return Buffer.concat([
		Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
		pngChunk("IHDR", header),
		pngChunk("IDAT", deflateSync(Buffer.alloc(width * 3 + 1))),
		pngChunk("IEND", Buffer.alloc(0)),
	]);
}
