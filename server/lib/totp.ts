import { randomBytes } from "node:crypto";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { encodeBase32UpperCaseNoPadding } from "@oslojs/encoding";
import { createTOTPKeyURI, generateHOTP } from "@oslojs/otp";

/** What every authenticator app expects (RFC 6238's defaults): 6 digits, 30-second steps, HMAC-SHA-1. */
export const TOTP_DIGITS = 6;
export const TOTP_STEP_SECONDS = 30;
/** Codes of the step before and after now are accepted too: a phone's clock a little off, a code typed slowly. */
const DRIFT_STEPS = 1;

/** A 160-bit key, the size RFC 4226 recommends for HMAC-SHA-1. */
export const newTotpKey = (): Uint8Array => new Uint8Array(randomBytes(20));

/** The key as people type it into an app: base32, upper case, no padding (32 characters). */
export const totpKeyText = (key: Uint8Array): string => encodeBase32UpperCaseNoPadding(key);

/** The 30-second step a moment falls in. */
export const totpStep = (ms: number): number => Math.floor(ms / 1000 / TOTP_STEP_SECONDS);

/** The code of one step. */
export const totpCode = (key: Uint8Array, step: number): string => generateHOTP(key, BigInt(step), TOTP_DIGITS);

/** The otpauth:// URI an app scans; the issuer names the app, the account its user. */
export const totpUri = (issuer: string, account: string, key: Uint8Array): string =>
	createTOTPKeyURI(issuer, account, key, TOTP_STEP_SECONDS, TOTP_DIGITS);

const encoder = new TextEncoder();

/**
 * The step whose code `code` is, among now and one step either way, or null. Every
 * candidate is compared in constant time, and all of them always, so the time taken says
 * nothing about which step matched. Spaces are allowed (apps show "123 456").
 */
export function matchingStep(key: Uint8Array, code: string, nowMs: number): number | null {
	const typed = code.replace(/\s+/g, "");
	if (!/^\d{6}$/.test(typed)) return null;
	const now = totpStep(nowMs);
	let found: number | null = null;
	for (let step = now - DRIFT_STEPS; step <= now + DRIFT_STEPS; step++) {
		if (constantTimeEqual(encoder.encode(totpCode(key, step)), encoder.encode(typed)) && found === null) found = step;
	}
	return found;
}
