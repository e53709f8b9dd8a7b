import { type ErrorReason, errorTexts } from "../../shared/errors.ts";

/** A rule said no. Carries a reason code; adapters map it to a status or tRPC code. */
export class DomainError extends Error {
	readonly reason: ErrorReason;
	/** Seconds the caller should wait, for RATE_LIMITED. */
	readonly retryAfter: number | undefined;

	constructor(reason: ErrorReason, options: { retryAfter?: number } = {}) {
		super(errorTexts[reason]);
		this.name = "DomainError";
		this.reason = reason;
		this.retryAfter = options.retryAfter;
	}
}

export const fail = (reason: ErrorReason, options?: { retryAfter?: number }): never => {
	throw new DomainError(reason, options);
};
