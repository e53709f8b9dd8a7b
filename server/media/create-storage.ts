import type { Config } from "../config.ts";
import { createS3Storage } from "./s3-storage.ts";
import { createDiskStorage, type MediaStorage } from "./storage.ts";

/** The media store the configuration names: MEDIA_URL's bucket, else DATA_DIR/media. */
export const createMediaStorage = (media: Config["media"]): MediaStorage =>
	media.kind === "s3" ? createS3Storage(media.location) : createDiskStorage(media.dir);
