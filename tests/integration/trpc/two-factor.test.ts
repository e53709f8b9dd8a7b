import { describe, expect, it } from "vitest";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { TOKEN_SHAPE } from "../../helpers/http.ts";
import { totpAt } from "../../helpers/totp.ts";
import { mutate, query } from "../../helpers/trpc.ts";
import { seedAdmin, seedUser } from "../../helpers/users.ts";

const MINUTE = 60_000;

describe("tRPC two-factor", () => {
	it("setup, enable, the second login step, new codes and disable: the same rules as REST", async () => {
		const { app, now, advance } = await buildTestApp();
		const user = await seedUser(app);
		const { headers } = user;
		const setup = await mutate(app, "twoFactor.setup", undefined, { headers });
		const { secret } = setup.data as { secret: string };
		const wrong = await mutate(app, "twoFactor.enable", { code: "000000" }, { headers });
		expect(wrong.error).toMatchObject({
			code: "BAD_REQUEST",
			reason: "INVALID_TOTP_CODE",
			message: "Invalid two-factor code",
		});
		const enabled = await mutate(app, "twoFactor.enable", { code: totpAt(secret, now()) }, { headers });
		expect((enabled.data as { recovery_codes: string[] }).recovery_codes).toHaveLength(10);
		expect((await query(app, "twoFactor.status", undefined, { headers })).data).toMatchObject({
			enabled: true,
			recovery_codes_left: 10,
		});

		// The first step: UNAUTHORIZED with the reason and the token in the error's data.
		const first = await mutate(app, "auth.login", { username: user.email, password: user.password });
		expect(first.error).toMatchObject({
			code: "UNAUTHORIZED",
			reason: "MFA_REQUIRED",
			message: "Two-factor code required",
			extra: { mfa_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
		});
		expect(first.headers["cache-control"]).toBe("no-store");
		const mfa_token = first.error?.extra?.mfa_token as string;
		const second = await mutate(app, "twoFactor.completeLogin", { mfa_token, code: totpAt(secret, now(), 1) });
		expect(second.data).toMatchObject({ access_token: expect.stringMatching(TOKEN_SHAPE) });
		expect(String(second.headers["set-cookie"])).toMatch(/portico_session=/);
		const reused = await mutate(app, "twoFactor.completeLogin", { mfa_token, code: totpAt(secret, now(), -1) });
		expect(reused.error).toMatchObject({ reason: "MFA_TOKEN_INVALID" });
		// Other errors carry no extra.
		expect(reused.error?.extra).toBeNull();

		advance(11 * MINUTE);
		const late = await mutate(app, "twoFactor.regenerateRecoveryCodes", undefined, { headers });
		expect(late.error).toMatchObject({ code: "FORBIDDEN", reason: "REAUTH_REQUIRED" });
		const confirmed = await mutate(app, "auth.reauthenticate", { code: totpAt(secret, now()) }, { headers });
		expect(confirmed.data).toEqual({ message: "Identity confirmed" });
		const codes = await mutate(app, "twoFactor.regenerateRecoveryCodes", undefined, { headers });
		expect((codes.data as { recovery_codes: string[] }).recovery_codes).toHaveLength(10);
		const off = await mutate(app, "twoFactor.disable", undefined, { headers });
		expect(off.data).toEqual({ message: "Two-factor authentication disabled" });
	});

	it("a superuser's reset", async () => {
		const { app, now } = await buildTestApp();
		const admin = await seedAdmin(app);
		const user = await seedUser(app);
		const { secret } = (await mutate(app, "twoFactor.setup", undefined, { headers: user.headers })).data as {
			secret: string;
		};
		await mutate(app, "twoFactor.enable", { code: totpAt(secret, now()) }, { headers: user.headers });
		const refused = await mutate(app, "twoFactor.reset", { user_id: user.id }, { headers: user.headers });
		expect(refused.error).toMatchObject({ code: "FORBIDDEN", reason: "FORBIDDEN" });
		const status = await query(app, "twoFactor.statusOf", { user_id: user.id }, { headers: admin.headers });
		expect(status.data).toMatchObject({ enabled: true, recovery_codes_left: 10 });
		const reset = await mutate(app, "twoFactor.reset", { user_id: user.id }, { headers: admin.headers });
		expect(reset.data).toEqual({ message: "Two-factor authentication disabled" });
		const after = await query(app, "twoFactor.statusOf", { user_id: user.id }, { headers: admin.headers });
		expect(after.data).toMatchObject({ enabled: false });
		const login = await mutate(app, "auth.login", { username: user.email, password: user.password });
		expect(login.error).toBeNull();
	});
});
