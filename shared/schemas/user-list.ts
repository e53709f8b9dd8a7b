import { z } from "zod";
import { CONTROL_CHARACTERS } from "./fields.ts";
import { listQuerySchema } from "./users.ts";

/** The admin list's orders: a column, with a leading "-" for descending. */
export const userSorts = ["-created_at", "created_at", "email", "-email", "full_name", "-full_name"] as const;
export type UserSort = (typeof userSorts)[number];
export const DEFAULT_USER_SORT: UserSort = "-created_at";

/**
 * GET /users/ and admin.list (in its own module, so that screens without the admin list
 * do not carry it): a page, optionally searched (`q`, a case-insensitive
 * substring of the e-mail or the name), filtered and sorted. An empty `q` is no search;
 * without the other parameters the list is what it always was: everyone, newest first.
 */
export const userListQuerySchema = listQuerySchema.extend({
	q: z
		.string({ error: "mustBeText" })
		.trim()
		.max(255, { message: "textTooLong" })
		// No name or e-mail holds a control character (their schemas refuse them): such a search is a mistake.
		.refine((value) => !CONTROL_CHARACTERS.test(value), { message: "noControlCharacters" })
		.optional()
		.transform((value) => (value === "" ? undefined : value)),
	role: z.enum(["superuser", "user"], { error: "roleInvalid" }).optional(),
	/**
	 * `invited`: active, no password chosen yet and no provider identity (the invitation is
	 * pending); `active`: active, with a password or signing in through a provider.
	 */
	status: z.enum(["active", "inactive", "invited"], { error: "statusInvalid" }).optional(),
	verified: z
		.enum(["true", "false"], { error: "mustBeBoolean" })
		.optional()
		.transform((value) => (value === undefined ? undefined : value === "true")),
	sort: z.enum(userSorts, { error: "sortInvalid" }).default(DEFAULT_USER_SORT),
});
export type UserListQuery = z.output<typeof userListQuerySchema>;
/** What a caller sends (the URL's strings), e.g. the admin screen's query. */
export type UserListParams = z.input<typeof userListQuerySchema>;
