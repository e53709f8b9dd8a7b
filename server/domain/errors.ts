import { type ErrorReason, errorTexts } from "../../shared/errors.ts";

/** A rule said no. Carries a reason code; adapters map it to a status or tRPC code. */
export class DomainError extends Error {
	readonly reason: ErrorReason;
	/** Seconds the caller should wait, for RATE_LIMITED. */
	readonly retryAfter: number | undefined;
	/** Fields the answer carries beside its text, such as the `mfa_token` of MFA_REQUIRED. */
	readonly extra: Readonly<Record<string, string>> | undefined;

	constructor(reason: ErrorReason, options: DomainErrorOptions = {}) {
		super(errorTexts[reason]);
		this.name = "DomainError";
		this.reason = reason;
		this.retryAfter = options.retryAfter;
		this.extra = options.extra;
	}
}

export type DomainErrorOptions = { retryAfter?: number; extra?: Record<string, string> };

export const fail = (reason: ErrorReason, options?: DomainErrorOptions): never => {
	throw new DomainError(reason, options);
};
