import { z } from "zod";
import { CONTROL_CHARACTERS } from "./fields.ts";

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const imageExtensions = [".jpg", ".jpeg", ".png", ".gif", ".webp"] as const;
export const imageContentTypes = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;
export type ImageContentType = (typeof imageContentTypes)[number];

/** Entity types a file can be attached to. Only users have media today. */
export const entityTypes = ["user"] as const;

export const entityRefSchema = z.object({
	entity_type: z.enum(entityTypes, { error: "entityTypeInvalid" }),
	entity_id: z
		.string({ error: (issue) => (issue.input === undefined ? "entityIdRequired" : "mustBeText") })
		.min(1, { message: "entityIdRequired" })
		.refine((value) => !CONTROL_CHARACTERS.test(value), { message: "noControlCharacters" }),
});
export type EntityRef = z.infer<typeof entityRefSchema>;

/** A file id is 32 lower-case hex characters: anything else (dots, slashes) is refused. */
export const FILE_ID = /^[0-9a-f]{32}$/;
export const fileIdSchema = z.string().regex(FILE_ID, { message: "idInvalid" });

/** Where media files are served; the URL names the file's entity, so moving a file changes it. */
export const MEDIA_SERVE_PATH = "/api/v1/media/serve";

export const mediaServeUrl = (entityType: string, entityId: string, fileId: string) =>
	`${MEDIA_SERVE_PATH}/${encodeURIComponent(entityType)}/${encodeURIComponent(entityId)}/${fileId}`;

const SERVE_URL = new RegExp(`^${MEDIA_SERVE_PATH}/[^/]+/[^/]+/(${FILE_ID.source.slice(1, -1)})$`);

/** The file id of a site-relative serve URL path, or null for any other path. */
export const fileIdOfServePath = (path: string): string | null => SERVE_URL.exec(path)?.[1] ?? null;

export const mediaFileSchema = z.object({
	file_id: z.string(),
	url: z.string(),
	entity_type: z.string(),
	entity_id: z.string(),
	content_type: z.string(),
	size: z.number().int(),
	created_at: z.string(),
});
export type MediaFile = z.infer<typeof mediaFileSchema>;

/** Client-side check before an upload starts; the server checks the bytes again. */
export const imageFileProblem = (file: { name: string; size: number }) => {
	const lower = file.name.toLowerCase();
	if (!imageExtensions.some((ext) => lower.endsWith(ext))) return "imageType" as const;
	if (file.size > MAX_IMAGE_BYTES) return "imageSize" as const;
	return null;
};
