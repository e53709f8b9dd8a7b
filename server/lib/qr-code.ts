import { renderSVG } from "uqr";

/**
 * A QR code as an SVG document, made here rather than by an image service: the otpauth URI
 * it carries holds the two-factor secret. Medium error correction and a 4-module quiet
 * zone, as scanners like it.
 */
export const qrCodeSvg = (text: string): string => renderSVG(text, { ecc: "M", border: 4, pixelSize: 8 });
