import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { AwsClient } from "aws4fetch";
import { FILE_ID } from "../../shared/schemas/media.ts";
import { checkedFileId, type MediaStorage, type StoredFile } from "./storage.ts";

/** Where the objects live: path-style URLs `endpoint/bucket/prefix<id>`. */
export type S3Location = {
	endpoint: string;
	region: string;
	bucket: string;
	/** Empty, or ends in "/". */
	prefix: string;
	accessKeyId: string;
	secretAccessKey: string;
};

/** A request that has not answered by then fails, so a hung store cannot hold requests forever. */
const REQUEST_TIMEOUT_MS = 30_000;
const HEALTH_TIMEOUT_MS = 5_000;

class S3Error extends Error {}

/** Lets the connection go when the answer's body is not needed. */
const drain = async (response: Response) => void (await response.body?.cancel());

async function refused(what: string, response: Response): Promise<never> {
	await drain(response);
	throw new S3Error(`S3 ${what} answered ${response.status}`);
}

const xmlText = (value: string) =>
	value
		.replaceAll("&lt;", "<")
		.replaceAll("&gt;", ">")
		.replaceAll("&quot;", '"')
		.replaceAll("&apos;", "'")
		.replaceAll("&amp;", "&");

/** The few fields of a ListObjectsV2 answer the sweep needs; the schema is fixed and flat. */
export function parseListing(xml: string, prefix: string): { files: StoredFile[]; next: string | undefined } {
	const files: StoredFile[] = [];
	for (const [, contents = ""] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
		const key = xmlText(/<Key>([\s\S]*?)<\/Key>/.exec(contents)?.[1] ?? "");
		const modified = Date.parse(/<LastModified>([^<]*)<\/LastModified>/.exec(contents)?.[1] ?? "");
		const id = key.startsWith(prefix) ? key.slice(prefix.length) : "";
		if (FILE_ID.test(id) && Number.isFinite(modified)) files.push({ id, mtimeMs: modified });
	}
	const truncated = /<IsTruncated>true<\/IsTruncated>/.test(xml);
	const token = /<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1];
	return { files, next: truncated && token ? xmlText(token) : undefined };
}

/**
 * Media in an S3-compatible bucket, signed with SigV4 by aws4fetch. Objects are written
 * without an ACL (private, as buckets are by default) and read back only by the app, which
 * serves them with its own checks and headers. GET is streamed, not buffered.
 */
export function createS3Storage(location: S3Location): MediaStorage {
	const client = new AwsClient({
		accessKeyId: location.accessKeyId,
		secretAccessKey: location.secretAccessKey,
		service: "s3",
		region: location.region,
		retries: 2,
	});
	const bucketUrl = `${location.endpoint.replace(/\/+$/, "")}/${encodeURIComponent(location.bucket)}`;
	const objectUrl = (id: string) => `${bucketUrl}/${location.prefix}${checkedFileId(id)}`;
	const send = (url: string, init: RequestInit = {}, timeoutMs = REQUEST_TIMEOUT_MS) =>
		client.fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
	const listUrl = (prefix: string, maxKeys: number, token?: string) => {
		const query = new URLSearchParams({ "list-type": "2", prefix, "max-keys": String(maxKeys) });
		if (token) query.set("continuation-token", token);
		return `${bucketUrl}?${query}`;
	};

	return {
		async write(id, data) {
			const response = await send(objectUrl(id), {
				method: "PUT",
				body: new Uint8Array(data.buffer as ArrayBuffer, data.byteOffset, data.byteLength),
				headers: { "content-type": "application/octet-stream" },
			});
			if (!response.ok) await refused("PUT", response);
			await drain(response);
		},
		async remove(id) {
			const response = await send(objectUrl(id), { method: "DELETE" });
			if (!response.ok && response.status !== 404) await refused("DELETE", response);
			await drain(response);
		},
		async open(id) {
			const response = await send(objectUrl(id));
			if (response.status === 404) return drain(response).then(() => null);
			if (!response.ok || !response.body) return refused("GET", response);
			return Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
		},
		async stat(id) {
			const response = await send(objectUrl(id), { method: "HEAD" });
			if (response.status === 404) return null;
			if (!response.ok) return refused("HEAD", response);
			return {
				size: Number(response.headers.get("content-length") ?? 0),
				mtimeMs: Date.parse(response.headers.get("last-modified") ?? "") || 0,
			};
		},
		async *list() {
			let token: string | undefined;
			do {
				const response = await send(listUrl(location.prefix, 1000, token));
				if (!response.ok) await refused("LIST", response);
				const page = parseListing(await response.text(), location.prefix);
				yield* page.files;
				token = page.next;
			} while (token);
		},
		// A signed list under a prefix no file id can have: one cheap request that proves the
		// bucket exists and these credentials may list it, and whose answer is always empty.
		async isHealthy() {
			try {
				const response = await send(listUrl(`${location.prefix}.health/`, 1), {}, HEALTH_TIMEOUT_MS);
				await drain(response);
				return response.ok;
			} catch {
				return false;
			}
		},
	};
}
