import type { Readable } from "node:stream";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { type EntityRef, MAX_IMAGE_BYTES, type MediaFile, mediaServeUrl } from "../../../shared/schemas/media.ts";
import type { ListQuery } from "../../../shared/schemas/users.ts";
import { first, returnedRow } from "../../db/query.ts";
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
async function entityOwner(deps: ServiceDeps, actor: Actor, ref: EntityRef): Promise<string> {
	if (ref.entity_type === "user") {
		if (ref.entity_id === actor.id) return actor.id;
		if (!actor.isSuperuser) return fail("FORBIDDEN");
		const user = await first(deps.db.select({ id: users.id }).from(users).where(eq(users.id, ref.entity_id)));
		return user?.id ?? fail("ENTITY_NOT_FOUND");
	}
	return fail("ENTITY_NOT_FOUND");
}

/** A file the actor may manage: 404 when there is none, 403 when it is someone else's. */
async function manageableFile(deps: ServiceDeps, actor: Actor, fileId: string): Promise<MediaRow> {
	const row = (await first(deps.db.select().from(media).where(eq(media.id, fileId)))) ?? fail("MEDIA_NOT_FOUND");
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
	const ownerId = await entityOwner(deps, auth.user, ref);
	await deps.limiter.take(deps, "upload", auth.user.id);
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
		const row = await atomicallyAs(deps, auth, async (deps, now) => {
			if ((await entityOwner(deps, now.user, ref)) !== ownerId) fail("FORBIDDEN");
			return await returnedRow(
				deps.db
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
					.returning(),
			);
		});
		return toMediaFile(row);
	} catch (error) {
		await deps.storage.remove(id);
		if (error instanceof DomainError) throw error;
		// The owner was deleted while the image was being processed: the foreign key said no.
		const owner = await first(deps.db.select({ id: users.id }).from(users).where(eq(users.id, ownerId)));
		if (!owner) return fail("ENTITY_NOT_FOUND");
		throw error;
	}
}

/** An entity's files, newest first, as `{data, count}` with `count` the total. */
export async function listMedia(
	deps: ServiceDeps,
	actor: Actor,
	ref: EntityRef,
	page: ListQuery,
): Promise<{ data: MediaFile[]; count: number }> {
	await entityOwner(deps, actor, ref);
	const where = and(eq(media.entityType, ref.entity_type), eq(media.entityId, ref.entity_id));
	const rows = await deps.db
		.select()
		.from(media)
		.where(where)
		.orderBy(desc(media.createdAt), desc(sql`rowid`))
		.limit(page.limit)
		.offset(page.skip);
	const total = (await first(deps.db.select({ value: count() }).from(media).where(where)))?.value ?? 0;
	return { data: rows.map(toMediaFile), count: total };
}

export const getMedia = async (deps: ServiceDeps, actor: Actor, fileId: string): Promise<MediaFile> =>
	toMediaFile(await manageableFile(deps, actor, fileId));

/** Deletes the record and clears any profile showing it, in one transaction; the file goes after. */
export async function deleteMedia(
	deps: ServiceDeps,
	auth: Authenticated,
	fileId: string,
): Promise<{ message: string }> {
	const row = await atomicallyAs(deps, auth, async (deps, { user }) => {
		const found = await manageableFile(deps, user, fileId);
		const url = toMediaFile(found).url;
		await deps.db.update(profiles).set({ profileImageUrl: null }).where(eq(profiles.profileImageUrl, url));
		await deps.db.delete(media).where(eq(media.id, found.id));
		return found;
	});
	await removeFiles(deps, [row.id]);
	return { message: "File deleted successfully" };
}

/**
 * Attaches a file to another entity the actor may act on. Its URL changes with it: the
 * owner's profile follows the file, any other profile showing it is cleared.
 */
export async function moveMedia(
	deps: ServiceDeps,
	auth: Authenticated,
	fileId: string,
	ref: EntityRef,
): Promise<MediaFile> {
	const moved = await atomicallyAs(deps, auth, async (deps, { user: actor }) => {
		const row = await manageableFile(deps, actor, fileId);
		const ownerId = await entityOwner(deps, actor, ref);
		const oldUrl = toMediaFile(row).url;
		const newUrl = mediaServeUrl(ref.entity_type, ref.entity_id, row.id);
		await deps.db
			.update(profiles)
			.set({ profileImageUrl: newUrl })
			.where(and(eq(profiles.profileImageUrl, oldUrl), eq(profiles.userId, ownerId)));
		await deps.db.update(profiles).set({ profileImageUrl: null }).where(eq(profiles.profileImageUrl, oldUrl));
		return await first(
			deps.db
				.update(media)
				.set({ entityType: ref.entity_type, entityId: ref.entity_id, ownerId })
				.where(eq(media.id, row.id))
				.returning(),
		);
	});
	return toMediaFile(moved ?? fail("MEDIA_NOT_FOUND"));
}

/**
 * What GET /media/serve needs: the row must match the URL's entity. The size is the row's,
 * so answering (or a 304) costs the store nothing; the bytes come from `openServedFile`.
 */
export async function findServedMedia(deps: ServiceDeps, entityType: string, entityId: string, fileId: string) {
	const row = await first(
		deps.db
			.select()
			.from(media)
			.where(and(eq(media.id, fileId), eq(media.entityType, entityType), eq(media.entityId, entityId))),
	);
	if (!row) return fail("MEDIA_NOT_FOUND");
	return { id: row.id, contentType: row.contentType, size: row.size, etag: `"${row.id}"` };
}

/** A served file's bytes: 404 when the store has lost it, 503 when the store cannot be reached. */
export async function openServedFile(deps: ServiceDeps, fileId: string): Promise<Readable> {
	let body: Readable | null;
	try {
		body = await deps.storage.open(fileId);
	} catch (error) {
		deps.log.error({ fileId, err: error }, "media storage refused a read");
		return fail("SERVICE_UNAVAILABLE");
	}
	return body ?? fail("MEDIA_NOT_FOUND");
}

/** Removes stored files after their rows are gone; a failure leaves an orphan file, logged. */
export async function removeFiles(deps: ServiceDeps, ids: string[]): Promise<void> {
	for (const id of ids) {
		try {
			await deps.storage.remove(id);
		} catch (error) {
			deps.log.error({ fileId: id, err: error }, "could not remove a media file");
		}
	}
}
