import { and, count, desc, eq, sql } from "drizzle-orm";
import { type EntityRef, MAX_IMAGE_BYTES, type MediaFile, mediaServeUrl } from "../../../shared/schemas/media.ts";
import type { ListQuery } from "../../../shared/schemas/users.ts";
import { type MediaRow, media, profiles, type UserRow, users } from "../../db/schema.ts";
import { DomainError, fail } from "../../domain/errors.ts";
import { reencodeImage } from "../../lib/images.ts";
import { newFileId } from "../../media/storage.ts";
import type { ServiceDeps } from "../deps.ts";
import { atomicallyAs } from "../sessions/acting-session.ts";
import type { Authenticated } from "../sessions/session.ts";

export const toMediaFile = (row: MediaRow): MediaFile => ({
	file_id: row.id,
	url: mediaServeUrl(row.entityType, row.entityId, row.id),
	entity_type: row.entityType,
	entity_id: row.entityId,
	content_type: row.contentType,
	size: row.size,
	created_at: new Date(row.createdAt).toISOString(),
});

/** Who asks: enough to tell their own files and their power over others'. */
type Actor = Pick<UserRow, "id" | "isSuperuser">;

/**
 * The user who owns an entity's files, once the actor may act on it: a user entity is
 * its own owner; a superuser may act on any entity, which must exist.
 */
function entityOwner(deps: ServiceDeps, actor: Actor, ref: EntityRef): string {
	if (ref.entity_type === "user") {
		if (ref.entity_id === actor.id) return actor.id;
		if (!actor.isSuperuser) return fail("FORBIDDEN");
		const user = deps.db.select({ id: users.id }).from(users).where(eq(users.id, ref.entity_id)).get();
		return user?.id ?? fail("ENTITY_NOT_FOUND");
	}
	return fail("ENTITY_NOT_FOUND");
}

/** A file the actor may manage: 404 when there is none, 403 when it is someone else's. */
function manageableFile(deps: ServiceDeps, actor: Actor, fileId: string): MediaRow {
	const row = deps.db.select().from(media).where(eq(media.id, fileId)).get() ?? fail("MEDIA_NOT_FOUND");
	if (row.ownerId !== actor.id && !actor.isSuperuser) fail("FORBIDDEN");
	return row;
}

/**
 * Stores an uploaded image: authorised first, then decoded and re-encoded (so only
 * clean pixels reach the disk), written under a random id, then recorded, once the
 * caller's session and power are read again (the work took a while). When the record
 * fails the file is removed again.
 */
export async function uploadMedia(
	deps: ServiceDeps,
	auth: Authenticated,
	ref: EntityRef,
	bytes: Buffer,
): Promise<MediaFile> {
	const ownerId = entityOwner(deps, auth.user, ref);
	deps.limiter.take("upload", auth.user.id);
	// The REST adapter stops reading at the limit; the rule holds for any caller.
	if (bytes.length > MAX_IMAGE_BYTES) fail("FILE_TOO_LARGE");
	const image = await reencodeImage(bytes);
	const id = newFileId();
	try {
		await deps.storage.write(id, image.data);
	} catch (error) {
		deps.log.error({ err: error }, "media storage refused a write");
		return fail("SERVICE_UNAVAILABLE");
	}
	try {
		const row = atomicallyAs(deps, auth, (now) => {
			if (entityOwner(deps, now.user, ref) !== ownerId) fail("FORBIDDEN");
			return deps.db
				.insert(media)
				.values({
					id,
					ownerId,
					entityType: ref.entity_type,
					entityId: ref.entity_id,
					contentType: image.contentType,
					size: image.data.length,
					createdAt: deps.clock(),
				})
				.returning()
				.get();
		});
		return toMediaFile(row);
	} catch (error) {
		await deps.storage.remove(id);
		if (error instanceof DomainError) throw error;
		// The owner was deleted while the image was being processed: the foreign key said no.
		const owner = deps.db.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).get();
		if (!owner) return fail("ENTITY_NOT_FOUND");
		throw error;
	}
}

/** An entity's files, newest first, as `{data, count}` with `count` the total. */
export function listMedia(
	deps: ServiceDeps,
	actor: Actor,
	ref: EntityRef,
	page: ListQuery,
): { data: MediaFile[]; count: number } {
	entityOwner(deps, actor, ref);
	const where = and(eq(media.entityType, ref.entity_type), eq(media.entityId, ref.entity_id));
	const rows = deps.db
		.select()
		.from(media)
		.where(where)
		.orderBy(desc(media.createdAt), desc(sql`rowid`))
		.limit(page.limit)
		.offset(page.skip)
		.all();
	const total = deps.db.select({ value: count() }).from(media).where(where).get()?.value ?? 0;
	return { data: rows.map(toMediaFile), count: total };
}

export const getMedia = (deps: ServiceDeps, actor: Actor, fileId: string): MediaFile =>
	toMediaFile(manageableFile(deps, actor, fileId));

/** Deletes the record and clears any profile showing it, in one transaction; the file goes after. */
export async function deleteMedia(
	deps: ServiceDeps,
	auth: Authenticated,
	fileId: string,
): Promise<{ message: string }> {
	const row = atomicallyAs(deps, auth, ({ user }) => {
		const found = manageableFile(deps, user, fileId);
		const url = toMediaFile(found).url;
		deps.db.update(profiles).set({ profileImageUrl: null }).where(eq(profiles.profileImageUrl, url)).run();
		deps.db.delete(media).where(eq(media.id, found.id)).run();
		return found;
	});
	await removeFiles(deps, [row.id]);
	return { message: "File deleted successfully" };
}

/**
 * Attaches a file to another entity the actor may act on. Its URL changes with it: the
 * owner's profile follows the file, any other profile showing it is cleared.
 */
export function moveMedia(deps: ServiceDeps, auth: Authenticated, fileId: string, ref: EntityRef): MediaFile {
	const moved = atomicallyAs(deps, auth, ({ user: actor }) => {
		const row = manageableFile(deps, actor, fileId);
		const ownerId = entityOwner(deps, actor, ref);
		const oldUrl = toMediaFile(row).url;
		const newUrl = mediaServeUrl(ref.entity_type, ref.entity_id, row.id);
		deps.db
			.update(profiles)
			.set({ profileImageUrl: newUrl })
			.where(and(eq(profiles.profileImageUrl, oldUrl), eq(profiles.userId, ownerId)))
			.run();
		deps.db.update(profiles).set({ profileImageUrl: null }).where(eq(profiles.profileImageUrl, oldUrl)).run();
		return deps.db
			.update(media)
			.set({ entityType: ref.entity_type, entityId: ref.entity_id, ownerId })
			.where(eq(media.id, row.id))
			.returning()
			.get();
	});
	return toMediaFile(moved ?? fail("MEDIA_NOT_FOUND"));
}

/** What GET /media/serve needs: the row must match the URL's entity, and the file must exist. */
export function findServedMedia(deps: ServiceDeps, entityType: string, entityId: string, fileId: string) {
	const row = deps.db
		.select()
		.from(media)
		.where(and(eq(media.id, fileId), eq(media.entityType, entityType), eq(media.entityId, entityId)))
		.get();
	const stat = row ? deps.storage.stat(row.id) : null;
	if (!row || !stat) return fail("MEDIA_NOT_FOUND");
	return { id: row.id, contentType: row.contentType, size: stat.size, etag: `"${row.id}"` };
}

/** Removes files from disk after their rows are gone; a failure leaves an orphan file, logged. */
export async function removeFiles(deps: ServiceDeps, ids: string[]): Promise<void> {
	for (const id of ids) {
		try {
			await deps.storage.remove(id);
		} catch (error) {
			deps.log.error({ fileId: id, err: error }, "could not remove a media file");
		}
	}
}
