import sharp from "sharp";

const solid = (width: number, height: number) =>
	sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } });

export const makeJpeg = (width = 40, height = 20) => solid(width, height).jpeg().toBuffer();
export const makePng = (width = 40, height = 20) => solid(width, height).png().toBuffer();
export const makeGif = (width = 40, height = 20) => solid(width, height).gif().toBuffer();
export const makeWebp = (width = 40, height = 20) => solid(width, height).webp().toBuffer();

/** A JPEG carrying a camera make and a GPS position in its EXIF. */
export const makeJpegWithGps = () =>
	solid(40, 20)
		.jpeg()
		.withExif({
			IFD0: { Make: "PorticoCam", Model: "Leaky 1" },
			IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 24/1", GPSLongitudeRef: "E", GPSLongitude: "2/1 21/1 3/1" },
		})
		.toBuffer();

/** A JPEG 40 wide and 20 high whose EXIF says "rotate 90° clockwise to display". */
export const makeJpegRotated = () => solid(40, 20).jpeg().withMetadata({ orientation: 6 }).toBuffer();

/** Two frames, red then blue, as an animated GIF or WebP. */
export async function makeAnimated(format: "gif" | "webp"): Promise<Buffer> {
	const frame = (background: string) =>
		sharp({ create: { width: 10, height: 10, channels: 4, background } })
			.png()
			.toBuffer();
	const joined = sharp([await frame("#cc0000"), await frame("#0000cc")], { join: { animated: true } });
	return format === "gif" ? joined.gif().toBuffer() : joined.webp().toBuffer();
}
