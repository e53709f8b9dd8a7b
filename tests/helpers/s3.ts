import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import { afterEach } from "vitest";
import { createS3Storage, type S3Location } from "../../server/media/s3-storage.ts";
import type { MediaStorage } from "../../server/media/storage.ts";

export const S3_BUCKET = "portico-media";
export const S3_PREFIX = "tenant/media";

export type TestS3 = {
	/** The environment that points the app at this bucket, under S3_PREFIX. */
	env: Record<string, string>;
	location: S3Location;
	/** The same bucket and prefix, for a test to look at or plant objects directly. */
	storage: MediaStorage;
	/** The object keys under the prefix, as ids, sorted. */
	ids: () => Promise<string[]>;
	/** Stops the server now (a store that went down); otherwise after the test. */
	stop: () => Promise<void>;
};

const running: Array<() => Promise<void>> = [];

/**
 * s3rver (a fake S3 on Koa) in this process, on a loopback port of its own choosing, over
 * a temp folder, with one empty bucket; stopped and its folder removed after the test.
 */
export async function startTestS3(): Promise<TestS3> {
	const directory = mkdtempSync(join(tmpdir(), "portico-s3-"));
	const server = new S3rver({
		address: "127.0.0.1",
		port: 0,
		directory,
		silent: process.env.S3RVER_LOUD !== "1",
		configureBuckets: [{ name: S3_BUCKET }],
	});
	const { port } = await server.run();
	let stopped = false;
	const stop = async () => {
		if (stopped) return;
		stopped = true;
		await server.close();
		rmSync(directory, { recursive: true, force: true });
	};
	running.push(stop);
	const endpoint = `http://127.0.0.1:${port}`;
	// s3rver's fixed credentials.
	const location: S3Location = {
		endpoint,
		region: "us-east-1",
		bucket: S3_BUCKET,
		prefix: `${S3_PREFIX}/`,
		accessKeyId: "S3RVER",
		secretAccessKey: "S3RVER",
	};
	const storage = createS3Storage(location);
	return {
		env: {
			MEDIA_URL: `s3://${S3_BUCKET}/${S3_PREFIX}`,
			S3_ENDPOINT: endpoint,
			S3_REGION: location.region,
			S3_ACCESS_KEY_ID: location.accessKeyId,
			S3_SECRET_ACCESS_KEY: location.secretAccessKey,
		},
		location,
		storage,
		ids: async () => {
			const ids: string[] = [];
			for await (const file of storage.list()) ids.push(file.id);
			return ids.sort();
		},
		stop,
	};
}

afterEach(async () => {
	for (const stop of running.splice(0)) await stop();
});
