import type { TRPC_ERROR_CODE_KEY } from "@trpc/server";
import type { ErrorReason } from "../../shared/errors.ts";

/** The one table from a domain reason to an HTTP status and a tRPC code. */
export const reasonStatus: Record<ErrorReason, { status: number; code: TRPC_ERROR_CODE_KEY }> = {
	NOT_AUTHENTICATED: { status: 401, code: "UNAUTHORIZED" },
	INVALID_CREDENTIALS: { status: 401, code: "UNAUTHORIZED" },
	FORBIDDEN: { status: 403, code: "FORBIDDEN" },
	INCORRECT_LOGIN: { status: 400, code: "BAD_REQUEST" },
	INACTIVE_USER: { status: 400, code: "BAD_REQUEST" },
	RATE_LIMITED: { status: 429, code: "TOO_MANY_REQUESTS" },
	SIGNUP_EMAIL_TAKEN: { status: 400, code: "BAD_REQUEST" },
	CREATE_EMAIL_TAKEN: { status: 400, code: "BAD_REQUEST" },
	UPDATE_EMAIL_TAKEN: { status: 409, code: "CONFLICT" },
	SIGNUP_DISABLED: { status: 403, code: "FORBIDDEN" },
	SUPERUSER_SELF_DELETE: { status: 403, code: "FORBIDDEN" },
	SELF_DEMOTE: { status: 403, code: "FORBIDDEN" },
	LAST_SUPERUSER: { status: 403, code: "FORBIDDEN" },
	INCORRECT_PASSWORD: { status: 400, code: "BAD_REQUEST" },
	SAME_PASSWORD: { status: 400, code: "BAD_REQUEST" },
	USER_NOT_FOUND: { status: 404, code: "NOT_FOUND" },
	USER_ID_NOT_FOUND: { status: 404, code: "NOT_FOUND" },
	USER_EMAIL_NOT_FOUND: { status: 404, code: "NOT_FOUND" },
	INVALID_RESET_TOKEN: { status: 400, code: "BAD_REQUEST" },
	PROFILE_NOT_FOUND: { status: 404, code: "NOT_FOUND" },
	IMAGE_NOT_OWNED: { status: 400, code: "BAD_REQUEST" },
	FILE_TOO_LARGE: { status: 413, code: "PAYLOAD_TOO_LARGE" },
	UNSUPPORTED_MEDIA: { status: 415, code: "UNSUPPORTED_MEDIA_TYPE" },
	IMAGE_TOO_LARGE: { status: 413, code: "PAYLOAD_TOO_LARGE" },
	// Sent with Retry-After: the queue of image jobs is full.
	UPLOADS_BUSY: { status: 503, code: "SERVICE_UNAVAILABLE" },
	MEDIA_NOT_FOUND: { status: 404, code: "NOT_FOUND" },
	ENTITY_NOT_FOUND: { status: 404, code: "NOT_FOUND" },
	NOT_FOUND: { status: 404, code: "NOT_FOUND" },
	SERVICE_UNAVAILABLE: { status: 503, code: "INTERNAL_SERVER_ERROR" },
	REAUTH_REQUIRED: { status: 403, code: "FORBIDDEN" },
	// Sent with the `mfa_token` of the second login step.
	MFA_REQUIRED: { status: 401, code: "UNAUTHORIZED" },
	INVALID_TOTP_CODE: { status: 400, code: "BAD_REQUEST" },
	MFA_TOKEN_INVALID: { status: 400, code: "BAD_REQUEST" },
	TOTP_ALREADY_ENABLED: { status: 400, code: "BAD_REQUEST" },
	TOTP_NOT_SET_UP: { status: 400, code: "BAD_REQUEST" },
	TOTP_NOT_ENABLED: { status: 400, code: "BAD_REQUEST" },
	// The stored secrets do not open with this server's key (a backup restored without its key).
	TWO_FACTOR_UNAVAILABLE: { status: 503, code: "SERVICE_UNAVAILABLE" },
};
