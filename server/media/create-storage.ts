import { createS3Storage, type S3Location } from "./s3-storage.ts";
import { createDiskStorage, type MediaStorage } from "./storage.ts";

/** Where media files go: a directory (DATA_DIR/media), or an S3-compatible bucket (MEDIA_URL). */
export type MediaLocation = { kind: "disk"; dir: string } | { kind: "s3"; location: S3Location };

/** The media store the configuration names. */
export const createMediaStorage = (media: MediaLocation): MediaStorage =>
	media.kind === "s3" ? createS3Storage(media.location) : createDiskStorage(media.dir);
