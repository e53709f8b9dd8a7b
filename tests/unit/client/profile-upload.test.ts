import { describe, expect, it } from "vitest";
import { buildUploadForm, fileIdFromUrl, uploadProblem } from "../../../client/api/rest.ts";
import { restErrorMessage } from "../../../client/api/rest-errors.ts";
import { MAX_IMAGE_BYTES } from "../../../shared/schemas/media.ts";

describe("upload checks before sending", () => {
	it("requires an entity id first", () => {
		expect(uploadProblem({ name: "a.png", size: 10 }, "")).toBe("entityIdRequired");
		expect(uploadProblem({ name: "a.png", size: 10 }, undefined)).toBe("entityIdRequired");
	});

	it("accepts the five image extensions in any case", () => {
		for (const name of ["a.jpg", "a.JPEG", "a.png", "a.gif", "a.webp"])
			expect(uploadProblem({ name, size: 10 }, "u1")).toBeNull();
	});

	it("refuses other extensions and files over 5 MB", () => {
		expect(uploadProblem({ name: "notes.txt", size: 10 }, "u1")).toBe("imageType");
		expect(uploadProblem({ name: "photo.png.exe", size: 10 }, "u1")).toBe("imageType");
		expect(uploadProblem({ name: "big.png", size: MAX_IMAGE_BYTES }, "u1")).toBeNull();
		expect(uploadProblem({ name: "big.png", size: MAX_IMAGE_BYTES + 1 }, "u1")).toBe("imageSize");
	});
});

describe("upload request", () => {
	it("sends entity_type, entity_id and the file under its name", async () => {
		const form = buildUploadForm(new Blob(["png"], { type: "image/png" }), "me.png", "user", "u1");
		expect(form.get("entity_type")).toBe("user");
		expect(form.get("entity_id")).toBe("u1");
		const file = form.get("file");
		expect(file).toBeInstanceOf(File);
		expect((file as File).name).toBe("me.png");
		expect(await (file as File).text()).toBe("png");
		expect([...form.keys()]).toEqual(["entity_type", "entity_id", "file"]);
	});

	it("reads the error text of a REST reply", () => {
		expect(restErrorMessage(413, JSON.stringify({ detail: "Image file size must be less than 5MB" }))).toBe(
			"Image file size must be less than 5MB",
		);
		expect(restErrorMessage(422, JSON.stringify({ detail: [{ msg: "Entity ID is required for upload" }] }))).toBe(
			"Entity ID is required for upload",
		);
		expect(restErrorMessage(502, "<html>")).toBe("HTTP 502");
		expect(restErrorMessage(0, "")).toBe("");
	});

	it("finds the file id of a served media URL", () => {
		const id = "0123456789abcdef0123456789abcdef";
		expect(fileIdFromUrl(`/api/v1/media/serve/user/u-1/${id}`)).toBe(id);
		expect(fileIdFromUrl(`http://localhost:3000/api/v1/media/serve/user/u-1/${id}`)).toBe(id);
		expect(fileIdFromUrl("/elsewhere/x.png")).toBeNull();
		expect(fileIdFromUrl(null)).toBeNull();
	});
});
