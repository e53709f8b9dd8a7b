import { and, eq } from "drizzle-orm";
import { fileIdOfServePath, mediaServeUrl } from "../../../shared/schemas/media.ts";
import { first } from "../../db/query.ts";
import { media } from "../../db/schema.ts";
import { fail } from "../../domain/errors.ts";
import type { ServiceDeps } from "../deps.ts";

/**
 * The site-relative URL of a media file `userId` owns, from a relative URL or an absolute
 * one on PUBLIC_URL; null for an empty value (it clears). Anything else: IMAGE_NOT_OWNED.
 */
export async function ownedImagePath(deps: ServiceDeps, userId: string, value: string | null): Promise<string | null> {
	if (value === null || value.trim() === "") return null;
	let url: URL;
	try {
		url = new URL(value.trim(), deps.config.publicUrl);
	} catch {
		return fail("IMAGE_NOT_OWNED");
	}
	const fileId =
		url.origin === new URL(deps.config.publicUrl).origin && !url.search && !url.hash
			? fileIdOfServePath(url.pathname)
			: null;
	if (!fileId) return fail("IMAGE_NOT_OWNED");
	const row = await first(
		deps.db
			.select()
			.from(media)
			.where(and(eq(media.id, fileId), eq(media.ownerId, userId))),
	);
	const path = row ? mediaServeUrl(row.entityType, row.entityId, row.id) : null;
	return path !== null && path === url.pathname ? path : fail("IMAGE_NOT_OWNED");
}
