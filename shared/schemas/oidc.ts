import { z } from "zod";
import { boundedText, optionalBoundedText } from "./fields.ts";

/** GET /login/providers: the sign-in providers the login screen offers. */
export const providerSchema = z.object({ id: z.string(), name: z.string(), kind: z.enum(["oidc", "github"]) });
export const providerListSchema = z.object({ data: z.array(providerSchema), count: z.number() });
export type ProviderList = z.infer<typeof providerListSchema>;

/** GET /login/oidc/{id}: where to go after the sign-in (a path on this site; anything else is ignored). */
export const providerStartQuerySchema = z.object({ return_to: optionalBoundedText() });

/** POST /login/oidc/complete: the hand-off code the callback put in the fragment. */
export const providerCompleteSchema = z.object({
	handoff: boundedText("tokenRequired").min(1, { message: "tokenRequired" }),
});
export type ProviderCompleteInput = z.infer<typeof providerCompleteSchema>;
