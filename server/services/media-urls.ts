import { and, eq } from "drizzle-orm";
import { media } from "../db/schema.ts";
import { fail } from "../domain/errors.ts";
import type { ServiceDeps } from "./deps.ts";

export const MEDIA_URL_PREFIX = "/api/v1/media/serve";

/** Where a file is served: the URL names its entity, so moving a file changes it. */
export const mediaUrl = (entityType: string, entityId: string, fileId: string) =>
	`${MEDIA_URL_PREFIX}/${encodeURIComponent(entityType)}/${encodeURIComponent(entityId)}/${fileId}`;

const SERVE_PATH = new RegExp(`^${MEDIA_URL_PREFIX}/[^/]+/[^/]+/([0-9a-f]{32})$`);

/**
 * The site-relative URL of a media file `userId` owns, from a relative URL or an absolute
 * one on PUBLIC_URL; null for an empty value (it clears). Anything else: IMAGE_NOT_OWNED.
 */
export function ownedImagePath(deps: ServiceDeps, userId: string, value: string | null): string | null {
	if (value === null || value.trim() === "") return null;
	let url: URL;
	try {
		url = new URL(value.trim(), deps.config.publicUrl);
	} catch {
		return fail("IMAGE_NOT_OWNED");
	}
	const match =
		url.origin === new URL(deps.config.publicUrl).origin && !url.search && !url.hash
			? SERVE_PATH.exec(url.pathname)
			: null;
	if (!match) return fail("IMAGE_NOT_OWNED");
	const row = deps.db
		.select()
		.from(media)
		.where(and(eq(media.id, match[1] as string), eq(media.ownerId, userId)))
		.get();
	const path = row ? mediaUrl(row.entityType, row.entityId, row.id) : null;
	return path !== null && path === url.pathname ? path : fail("IMAGE_NOT_OWNED");
}
