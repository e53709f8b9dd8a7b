import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { API } from "../../helpers/http.ts";
import { makePng } from "../../helpers/images.ts";
import { uploadForm } from "../../helpers/multipart.ts";
import { seedUser, type TestUser } from "../../helpers/users.ts";

type App = Awaited<ReturnType<typeof buildTestApp>>["app"];

const rest = (app: App, user: TestUser, method: "GET" | "PUT" | "POST" | "PATCH" | "DELETE", body?: object) =>
	app.inject({ method, url: `${API}/profile/me`, headers: user.headers, ...(body && { payload: body }) });

/** A tRPC mutation as @trpc/client sends it (JSON, even without input). */
const trpc = (app: App, user: TestUser, path: string, input?: object) =>
	app.inject({
		method: "POST",
		url: `/trpc/${path}`,
		headers: { ...user.headers, "content-type": "application/json" },
		...(input && { payload: input }),
	});

async function setup() {
	const { app } = await buildTestApp();
	return { app, user: await seedUser(app) };
}

/** [field, accepted values, refused values with the message key and its English text]. */
const rules: Array<[string, unknown[], Array<[unknown, string, string]>]> = [
	[
		"age",
		[13, 120, 30],
		[
			[12, "ageRange", "Age must be between 13 and 120"],
			[121, "ageRange", "Age must be between 13 and 120"],
			[30.5, "mustBeWholeNumber", "Must be a whole number"],
			["30", "mustBeNumber", "Must be a number"],
		],
	],
	[
		"height_cm",
		[50, 300, 175.5],
		[
			[49.9, "heightRange", "Height must be between 50 and 300 cm"],
			[300.1, "heightRange", "Height must be between 50 and 300 cm"],
			[175.55, "oneDecimal", "Use at most one decimal"],
		],
	],
	[
		"current_weight_kg",
		[20, 500, 72.3],
		[
			[19.9, "weightRange", "Weight must be between 20 and 500 kg"],
			[500.1, "weightRange", "Weight must be between 20 and 500 kg"],
			[72.25, "oneDecimal", "Use at most one decimal"],
		],
	],
	[
		"phone",
		["+1 (555) 123-4567", "1".repeat(20), ""],
		[
			["1".repeat(21), "phoneInvalid", "Please enter a valid phone number"],
			["555-CALL-NOW", "phoneInvalid", "Please enter a valid phone number"],
			["123#456", "phoneInvalid", "Please enter a valid phone number"],
		],
	],
	[
		"gender",
		["male", "female", "other", "prefer_not_to_say"],
		[
			["unknown", "genderInvalid", "Choose Male, Female, Other or Prefer not to say"],
			["Male", "genderInvalid", "Choose Male, Female, Other or Prefer not to say"],
		],
	],
];

describe.each(rules)("profile rule: %s", (field, accepted, refused) => {
	it.each(accepted)("REST PATCH accepts %j", async (value) => {
		const { app, user } = await setup();
		const answer = await rest(app, user, "PATCH", { [field]: value });
		expect(answer.statusCode).toBe(200);
		expect(answer.json()[field]).toBe(value === "" ? null : value);
	});

	it.each(refused)("REST PUT refuses %j with 422 (%s)", async (value, _key, text) => {
		const { app, user } = await setup();
		const answer = await rest(app, user, "PUT", { [field]: value });
		expect(answer.statusCode).toBe(422);
		expect(answer.json().detail).toContainEqual(expect.objectContaining({ loc: ["body", field], msg: text }));
		expect((await rest(app, user, "GET")).json()[field]).toBeNull();
	});

	it.each(accepted)("tRPC profile.update accepts %j", async (value) => {
		const { app, user } = await setup();
		const answer = await trpc(app, user, "profile.update", { [field]: value });
		expect(answer.statusCode).toBe(200);
		expect(answer.json().result.data[field]).toBe(value === "" ? null : value);
	});

	it.each(refused)("tRPC profile.update refuses %j (%s)", async (value, key) => {
		const { app, user } = await setup();
		const answer = await trpc(app, user, "profile.update", { [field]: value });
		expect(answer.statusCode).toBe(400);
		expect(answer.json().error.data.issues).toContainEqual({ path: [field], message: key });
	});
});

describe("profile", () => {
	it("starts with every field null", async () => {
		const { app, user } = await setup();
		const answer = await rest(app, user, "GET");
		expect(answer.statusCode).toBe(200);
		expect(answer.json()).toEqual({
			user_id: user.id,
			age: null,
			gender: null,
			height_cm: null,
			current_weight_kg: null,
			phone: null,
			profile_image_url: null,
		});
		const viaTrpc = await app.inject({ method: "GET", url: "/trpc/profile.get", headers: user.headers });
		expect(viaTrpc.json().result.data).toEqual(answer.json());
	});

	it("PATCH merges, PUT and POST replace, DELETE empties", async () => {
		const { app, user } = await setup();
		await rest(app, user, "PUT", { age: 30, gender: "female", height_cm: 170.5 });
		const merged = await rest(app, user, "PATCH", { current_weight_kg: 60, age: null });
		expect(merged.json()).toMatchObject({ age: null, gender: "female", height_cm: 170.5, current_weight_kg: 60 });
		const replaced = await rest(app, user, "PUT", { phone: "+33 1 23 45 67 89" });
		expect(replaced.json()).toMatchObject({ age: null, gender: null, height_cm: null, phone: "+33 1 23 45 67 89" });
		const posted = await rest(app, user, "POST", { age: 44 });
		expect(posted.json()).toMatchObject({ age: 44, phone: null });
		const removed = await rest(app, user, "DELETE");
		expect(removed.statusCode).toBe(200);
		expect(removed.json()).toEqual({ message: "Profile deleted successfully" });
		expect((await rest(app, user, "GET")).json().age).toBeNull();
	});

	it("tRPC replace and remove", async () => {
		const { app, user } = await setup();
		await trpc(app, user, "profile.update", { age: 25, gender: "other" });
		const replaced = await trpc(app, user, "profile.replace", { gender: "male" });
		expect(replaced.json().result.data).toMatchObject({ age: null, gender: "male" });
		expect((await trpc(app, user, "profile.remove")).json().result.data).toEqual({
			message: "Profile deleted successfully",
		});
	});

	it("refuses unknown fields and non-objects", async () => {
		const { app, user } = await setup();
		expect((await rest(app, user, "PATCH", { age: 30, agee: 31 })).statusCode).toBe(422);
		const list = await app.inject({
			method: "PATCH",
			url: `${API}/profile/me`,
			headers: { ...user.headers, "content-type": "application/json" },
			payload: "[1,2]",
		});
		expect(list.statusCode).toBe(422);
		const broken = await app.inject({
			method: "PATCH",
			url: `${API}/profile/me`,
			headers: { ...user.headers, "content-type": "application/json" },
			payload: "{",
		});
		expect(broken.statusCode).toBe(422);
	});

	it("is only for signed-in users", async () => {
		const { app } = await setup();
		for (const method of ["GET", "PUT", "POST", "PATCH", "DELETE"] as const) {
			const answer = await app.inject({
				method,
				url: `${API}/profile/me`,
				payload: method === "GET" || method === "DELETE" ? undefined : {},
			});
			expect(answer.statusCode).toBe(401);
		}
		expect((await app.inject({ method: "GET", url: "/trpc/profile.get" })).statusCode).toBe(401);
	});

	it("keeps profiles apart", async () => {
		const { app, user } = await setup();
		const other = await seedUser(app);
		await rest(app, user, "PATCH", { age: 50 });
		expect((await rest(app, other, "GET")).json().age).toBeNull();
	});
});

describe("public profile", () => {
	it("shows name and image to any signed-in user, 404 for no such user", async () => {
		const { app, user } = await setup();
		const viewer = await seedUser(app);
		const upload = uploadForm(user.id, await makePng(), "me.png", "image/png");
		const file = await app.inject({
			method: "POST",
			url: `${API}/media/upload`,
			headers: { ...user.headers, ...upload.headers },
			payload: upload.payload,
		});
		await app.inject({
			method: "PATCH",
			url: `${API}/profile/me/image?image_url=${encodeURIComponent(file.json().url)}`,
			headers: user.headers,
		});
		const seen = await app.inject({ method: "GET", url: `${API}/profile/${user.id}/public`, headers: viewer.headers });
		expect(seen.statusCode).toBe(200);
		expect(seen.json()).toEqual({ user_id: user.id, full_name: "Test User", profile_image_url: file.json().url });
		const viaTrpc = await app.inject({
			method: "GET",
			url: `/trpc/profile.public?input=${encodeURIComponent(JSON.stringify({ user_id: user.id }))}`,
			headers: viewer.headers,
		});
		expect(viaTrpc.json().result.data).toEqual(seen.json());
		const missing = await app.inject({
			method: "GET",
			url: `${API}/profile/${randomUUID()}/public`,
			headers: viewer.headers,
		});
		expect(missing.statusCode).toBe(404);
		expect(missing.json()).toEqual({ detail: "User not found" });
		const bad = await app.inject({ method: "GET", url: `${API}/profile/not-a-uuid/public`, headers: viewer.headers });
		expect(bad.statusCode).toBe(422);
		expect((await app.inject({ method: "GET", url: `${API}/profile/${user.id}/public` })).statusCode).toBe(401);
	});

	it("has null fields for a user without a profile", async () => {
		const { app, user } = await setup();
		const seen = await app.inject({ method: "GET", url: `${API}/profile/${user.id}/public`, headers: user.headers });
		expect(seen.json()).toEqual({ user_id: user.id, full_name: "Test User", profile_image_url: null });
	});
});

describe("profile image", () => {
	async function uploaded(app: App, owner: TestUser) {
		const form = uploadForm(owner.id, await makePng(), "me.png", "image/png");
		const answer = await app.inject({
			method: "POST",
			url: `${API}/media/upload`,
			headers: { ...owner.headers, ...form.headers },
			payload: form.payload,
		});
		expect(answer.statusCode).toBe(200);
		return answer.json() as { url: string; file_id: string };
	}
	const setImage = (app: App, user: TestUser, url: string) =>
		app.inject({
			method: "PATCH",
			url: `${API}/profile/me/image?image_url=${encodeURIComponent(url)}`,
			headers: user.headers,
		});

	it("takes an own media file (relative or absolute on PUBLIC_URL) and an empty value clears it", async () => {
		const { app, user } = await setup();
		const file = await uploaded(app, user);
		const set = await setImage(app, user, file.url);
		expect(set.statusCode).toBe(200);
		expect(set.json().profile_image_url).toBe(file.url);
		const absolute = await setImage(app, user, `http://localhost:3000${file.url}`);
		expect(absolute.json().profile_image_url).toBe(file.url);
		const cleared = await setImage(app, user, "");
		expect(cleared.statusCode).toBe(200);
		expect(cleared.json().profile_image_url).toBeNull();
		expect((await setImage(app, user, file.url)).json().profile_image_url).toBe(file.url);
		const noQuery = await app.inject({ method: "PATCH", url: `${API}/profile/me/image`, headers: user.headers });
		expect(noQuery.statusCode).toBe(200);
		expect(noQuery.json().profile_image_url).toBeNull();
	});

	it("refuses another user's file, a missing file, a foreign site and a non-media URL", async () => {
		const { app, user } = await setup();
		const other = await seedUser(app);
		const theirs = await uploaded(app, other);
		const mine = await uploaded(app, user);
		const refused = [
			theirs.url,
			theirs.url.replace(other.id, user.id),
			`${API}/media/serve/user/${user.id}/${"0".repeat(32)}`,
			`https://evil.example${mine.url}`,
			`${mine.url}?x=1`,
			"https://example.com/cat.png",
			"javascript:alert(1)",
			"not a url at all",
		];
		for (const url of refused) {
			const answer = await setImage(app, user, url);
			expect(answer.statusCode, url).toBe(400);
			expect(answer.json()).toEqual({ detail: "The image URL must name a media file you own" });
		}
		expect((await rest(app, user, "GET")).json().profile_image_url).toBeNull();
	});

	it("applies the same rule to PUT and PATCH of the profile, and through tRPC setImage", async () => {
		const { app, user } = await setup();
		const other = await seedUser(app);
		const theirs = await uploaded(app, other);
		const mine = await uploaded(app, user);
		expect((await rest(app, user, "PATCH", { profile_image_url: theirs.url })).statusCode).toBe(400);
		expect((await rest(app, user, "PUT", { profile_image_url: theirs.url })).statusCode).toBe(400);
		expect((await rest(app, user, "PATCH", { profile_image_url: mine.url })).json().profile_image_url).toBe(mine.url);
		const refused = await trpc(app, user, "profile.setImage", { image_url: theirs.url });
		expect(refused.statusCode).toBe(400);
		expect(refused.json().error.data.reason).toBe("IMAGE_NOT_OWNED");
		const cleared = await trpc(app, user, "profile.setImage", { image_url: "" });
		expect(cleared.json().result.data.profile_image_url).toBeNull();
	});
});
