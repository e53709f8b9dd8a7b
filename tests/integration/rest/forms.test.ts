import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { browserFormData, urlEncodedForm } from "../../helpers/browser-form.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { API, bearer, TOKEN_SHAPE } from "../../helpers/http.ts";
import { makePng } from "../../helpers/images.ts";
import { multipart, uploadForm } from "../../helpers/multipart.ts";
import { seedUser, type TestUser } from "../../helpers/users.ts";

type Body = { payload: string | Buffer; headers: Record<string, string> };

let ip = 0;
const login = (app: FastifyInstance, body: Body) =>
	app.inject({
		method: "POST",
		url: `${API}/login/access-token`,
		// A fresh client each time, so no answer is a back-off or a rate limit.
		remoteAddress: `10.81.${Math.floor(++ip / 250)}.${ip % 250}`,
		...body,
	});

async function uploadPng(app: FastifyInstance, user: TestUser): Promise<{ file_id: string; url: string }> {
	const form = uploadForm(user.id, await makePng(), "a.png", "image/png");
	const res = await app.inject({
		method: "POST",
		url: `${API}/media/upload`,
		headers: { ...user.headers, ...form.headers },
		payload: form.payload,
	});
	expect(res.statusCode).toBe(200);
	return res.json();
}

describe("forms sent as a browser's FormData (multipart with a generated boundary)", () => {
	it("log in through POST /login/access-token, as the FastAPI template's client does", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const res = await login(app, await browserFormData({ username: user.email, password: user.password }));
		expect(res.statusCode).toBe(200);
		expect(res.json().token_type).toBe("bearer");
		expect(res.json().access_token).toMatch(TOKEN_SHAPE);
		const me = await app.inject({ method: "GET", url: `${API}/users/me`, headers: bearer(res.json().access_token) });
		expect(me.json().email).toBe(user.email);
	});

	it("move a media file through PATCH /media/{id}/move", async () => {
		const { app } = await buildTestApp();
		const admin = await seedUser(app, { isSuperuser: true });
		const owner = await seedUser(app);
		const other = await seedUser(app);
		const file = await uploadPng(app, owner);
		const form = await browserFormData({ entity_type: "user", entity_id: other.id });
		const moved = await app.inject({
			method: "PATCH",
			url: `${API}/media/${file.file_id}/move`,
			headers: { ...admin.headers, ...form.headers },
			payload: form.payload,
		});
		expect(moved.statusCode).toBe(200);
		expect(moved.json()).toMatchObject({ file_id: file.file_id, entity_id: other.id });
		const missing = await browserFormData({ entity_type: "user" });
		const refused = await app.inject({
			method: "PATCH",
			url: `${API}/media/${file.file_id}/move`,
			headers: { ...admin.headers, ...missing.headers },
			payload: missing.payload,
		});
		expect(refused.statusCode).toBe(422);
		expect(refused.json().detail).toEqual([
			{ type: "missing", loc: ["body", "entity_id"], msg: "Entity ID is required for upload", input: null },
		]);
	});
});

describe("a multipart form and a url-encoded one", () => {
	it("get the same answers from the login", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const cases: Array<Record<string, string>> = [
			{ username: user.email, password: "not-the-password" },
			{ username: user.email, password: "short" },
			{ username: "not-an-email", password: "whatever" },
			{ username: user.email },
			{ password: user.password },
			{},
			// An empty field is a missing one, as FastAPI reads forms.
			{ username: "", password: user.password },
			// The template's client also sends the OAuth2 form's optional fields.
			{ grant_type: "password", username: user.email, password: "wrong-password", scope: "", client_id: "" },
		];
		for (const fields of cases) {
			const encoded = await login(app, urlEncodedForm(fields));
			const multi = await login(app, await browserFormData(fields));
			const label = JSON.stringify(fields);
			expect(encoded.statusCode, label).toBeGreaterThanOrEqual(400);
			expect(multi.statusCode, label).toBe(encoded.statusCode);
			expect(multi.json(), label).toEqual(encoded.json());
		}
		const missing = await login(app, await browserFormData({ username: "", password: "x" }));
		expect(missing.json().detail).toEqual([
			{ type: "missing", loc: ["body", "username"], msg: "Email is required", input: null },
		]);
	});

	it("share the 1 MB body limit: a field up to it is read (and refused whole by its 255), a longer one is 413", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const justUnder = { username: user.email, password: "x".repeat(1000 * 1000) };
		for (const res of [
			await login(app, urlEncodedForm(justUnder)),
			await login(app, await browserFormData(justUnder)),
		]) {
			expect(res.statusCode).toBe(422);
			expect(res.json().detail).toEqual([
				expect.objectContaining({ type: "string_too_long", loc: ["body", "password"] }),
			]);
		}
		// One field over the limit, alone: it is refused, never read cut short (a 422 would say so).
		const over = { password: "x".repeat(1024 * 1024 + 1) };
		const encoded = await login(app, urlEncodedForm(over));
		const multi = await login(app, await browserFormData(over));
		expect(encoded.statusCode).toBe(413);
		expect(multi.statusCode).toBe(413);
		expect(multi.json()).toEqual(encoded.json());
		// Many fields under the field limit still add up to too much.
		const spread = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`f${i}`, "y".repeat(300 * 1024)]));
		expect((await login(app, await browserFormData({ ...spread, username: user.email }))).statusCode).toBe(413);
	});

	it("upload fields keep their own small limit, and a field over it is refused, not cut", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const form = multipart([
			{ name: "entity_type", value: "user" },
			{ name: "entity_id", value: `${user.id}${"x".repeat(2000)}` },
			{ name: "file", filename: "a.png", type: "image/png", data: await makePng() },
		]);
		const res = await app.inject({
			method: "POST",
			url: `${API}/media/upload`,
			headers: { ...user.headers, ...form.headers },
			payload: form.payload,
		});
		expect(res.statusCode).toBe(413);
	});

	it("are the only bodies a form route reads as a form: a file part is refused, JSON routes keep refusing multipart", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const withFile = multipart([
			{ name: "username", value: user.email },
			{ name: "password", value: user.password },
			{ name: "avatar", filename: "a.png", type: "image/png", data: await makePng() },
		]);
		expect((await login(app, withFile)).statusCode).toBe(413);
		const signup = await app.inject({
			method: "POST",
			url: `${API}/users/signup`,
			...(await browserFormData({ email: "form@example.com", password: "long-enough-1" })),
		});
		expect(signup.statusCode).toBe(415);
	});
});

describe("a form without a file", () => {
	const dirs: string[] = [];
	const previousTmp = process.env.TMPDIR;
	afterEach(() => {
		process.env.TMPDIR = previousTmp;
		for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
	});

	it("writes nothing to disk, neither in the temp directory nor in DATA_DIR", async () => {
		const { app, dataDir } = await buildTestApp();
		const user = await seedUser(app);
		const admin = await seedUser(app, { isSuperuser: true });
		const file = await uploadPng(app, admin);
		const temp = mkdtempSync(join(tmpdir(), "portico-form-tmp-"));
		dirs.push(temp);
		// Where a multipart parser would spool parts (os.tmpdir() reads TMPDIR on each call).
		process.env.TMPDIR = temp;
		const before = readdirSync(dataDir, { recursive: true }).sort();
		const big = "z".repeat(900 * 1024);
		expect((await login(app, await browserFormData({ username: user.email, password: big }))).statusCode).toBe(422);
		const form = await browserFormData({ entity_type: "user", entity_id: admin.id });
		const moved = await app.inject({
			method: "PATCH",
			url: `${API}/media/${file.file_id}/move`,
			headers: { ...admin.headers, ...form.headers },
			payload: form.payload,
		});
		expect(moved.statusCode).toBe(200);
		expect(readdirSync(temp)).toEqual([]);
		expect(readdirSync(dataDir, { recursive: true }).sort()).toEqual(before);
	});
});
