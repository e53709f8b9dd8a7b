import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../server/config.ts";
import { configError } from "../../helpers/config.ts";

const SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";
const credentials = { S3_ACCESS_KEY_ID: "AKIAEXAMPLE", S3_SECRET_ACCESS_KEY: SECRET };

describe("media configuration", () => {
	it("keeps media under DATA_DIR/media without MEDIA_URL", () => {
		expect(loadConfig({ DATA_DIR: "/srv/portico" }).media).toEqual({
			kind: "disk",
			dir: resolve("/srv/portico/media"),
		});
	});

	it("reads s3://bucket/prefix with the default AWS endpoint of the region", () => {
		const { media } = loadConfig({
			MEDIA_URL: "s3://portico-media/prod/media/",
			S3_REGION: "eu-west-3",
			...credentials,
		});
		expect(media).toEqual({
			kind: "s3",
			location: {
				endpoint: "https://s3.eu-west-3.amazonaws.com",
				region: "eu-west-3",
				bucket: "portico-media",
				prefix: "prod/media/",
				accessKeyId: "AKIAEXAMPLE",
				secretAccessKey: SECRET,
			},
		});
	});

	it("takes a bucket without a prefix and an explicit endpoint (MinIO, s3rver)", () => {
		const { media } = loadConfig({ MEDIA_URL: "s3://media", S3_ENDPOINT: "http://127.0.0.1:9000/", ...credentials });
		expect(media).toMatchObject({
			kind: "s3",
			location: { endpoint: "http://127.0.0.1:9000", region: "us-east-1", bucket: "media", prefix: "" },
		});
	});

	it.each([
		"bucket",
		"http://bucket/media",
		"s3://Bucket",
		"s3://b",
		"s3://bucket/../other",
		"s3://bucket/a/./b",
		"s3://bucket//media",
		"s3://bucket/media?x=1",
		"s3://user:pass@bucket/media",
	])("refuses MEDIA_URL=%s with a ConfigError naming it", (value) => {
		const error = configError({ MEDIA_URL: value, ...credentials });
		expect(error.message).toContain("MEDIA_URL");
		expect(error.message).not.toContain(SECRET);
	});

	it("needs both credentials with MEDIA_URL, naming each missing one", () => {
		const error = configError({ MEDIA_URL: "s3://media" });
		expect(error.message).toContain("S3_ACCESS_KEY_ID");
		expect(error.message).toContain("S3_SECRET_ACCESS_KEY");
		const one = configError({ MEDIA_URL: "s3://media", S3_ACCESS_KEY_ID: "AKIAEXAMPLE" });
		expect(one.message).toContain("S3_SECRET_ACCESS_KEY");
		expect(one.message).not.toContain("S3_ACCESS_KEY_ID");
	});

	it.each([
		["S3_ENDPOINT", "ftp://store.example.com"],
		["S3_ENDPOINT", "not a url"],
		["S3_REGION", "EU West"],
	])("refuses a bad %s (%s), never echoing the secret", (name, value) => {
		const error = configError({ MEDIA_URL: "s3://media", ...credentials, [name]: value });
		expect(error.message).toContain(name);
		expect(error.message).not.toContain(SECRET);
	});
});
