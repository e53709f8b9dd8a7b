import { describe, expect, it } from "vitest";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { api, loginForm } from "../../helpers/http.ts";
import { mutateUnchecked } from "../../helpers/trpc.ts";
import { seedAdmin, seedUser } from "../../helpers/users.ts";

// No stored id or e-mail holds a control character, and PostgreSQL cannot compare one with
// text (a NUL fails the statement): such a key in a path is refused before any lookup, on both engines.
describe("a control character in a key the caller names in a path", () => {
	it("is a 422 saying so, never a 500 nor a lookup, on every route that takes one", async () => {
		const { app } = await buildTestApp();
		const admin = await seedAdmin(app);
		const user = await seedUser(app);
		const cases: [Parameters<typeof api>[1], string, Record<string, string> | undefined, unknown?][] = [
			["POST", "/password-recovery/%00", undefined],
			["POST", "/password-recovery-html-content/a%00b%40example.com", admin.headers],
			["DELETE", "/users/me/passkeys/%00", user.headers],
			["PATCH", "/users/me/passkeys/key%0A", user.headers, { name: "Laptop" }],
			["DELETE", "/users/me/sessions/%00", user.headers],
			["GET", `/media/user/${user.id}%00`, user.headers],
			["DELETE", "/users/me/tokens/%00", user.headers],
			["DELETE", `/users/${user.id}/tokens/%00`, admin.headers],
		];
		for (const [method, path, headers, body] of cases) {
			const res = await api(app, method, path, { headers, body });
			expect({ path, status: res.statusCode }).toEqual({ path, status: 422 });
			expect(res.body, path).toContain("Must be one line, without control characters");
		}
	});

	it("is refused alike over tRPC", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		for (const [procedure, input] of [
			["passkeys.remove", { passkey_id: "\u0000" }],
			["sessions.revoke", { session_id: "\u0000" }],
			["tokens.revoke", { token_id: "\u0000" }],
		] as const) {
			const res = await mutateUnchecked(app, procedure, input, { headers: user.headers });
			expect({ procedure, status: res.status }).toEqual({ procedure, status: 400 });
		}
	});

	it("in a login's username is no account: the same 400 as any unknown e-mail, never a 500", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		for (const username of [`${user.email}\u0000`, "\u0000", `a\u0000${user.email}`]) {
			const res = await loginForm(app, username, user.password);
			expect({ username, status: res.statusCode, body: res.json() }).toEqual({
				username,
				status: 400,
				body: { detail: "Incorrect email or password" },
			});
		}
	});

	it("in the audit log's user filter or a passkey's credential id is a 422, never a 500", async () => {
		const { app } = await buildTestApp();
		const admin = await seedAdmin(app);
		const N = "\u0000";
		const signed = { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" };
		const cases: [Parameters<typeof api>[1], string, Record<string, string> | undefined, unknown?][] = [
			["GET", "/audit/?user=ada%00", admin.headers],
			["POST", "/login/passkey", undefined, { response: { id: N, rawId: "AA", type: "public-key", response: signed } }],
			[
				"POST",
				"/login/passkey",
				undefined,
				{ response: { id: "AA", rawId: "AA", type: "public-key", response: { ...signed, clientDataJSON: N } } },
			],
		];
		for (const [method, path, headers, body] of cases) {
			const res = await api(app, method, path, { headers, body });
			expect({ path, body, status: res.statusCode }).toEqual({ path, body, status: 422 });
		}
	});
});
