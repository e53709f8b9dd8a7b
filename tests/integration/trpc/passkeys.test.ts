import { describe, expect, it } from "vitest";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { TOKEN_SHAPE } from "../../helpers/http.ts";
import { TEST_ORIGIN } from "../../helpers/passkeys.ts";
import { mutate, query } from "../../helpers/trpc.ts";
import { seedUser } from "../../helpers/users.ts";
import { SoftAuthenticator } from "../../helpers/webauthn.ts";

type Creation = Parameters<SoftAuthenticator["register"]>[0];
type Request = Parameters<SoftAuthenticator["authenticate"]>[0];

describe("tRPC passkeys", () => {
	it("add, list, rename, sign in, confirm the identity and remove: the same rules as REST", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const headers = user.headers;
		const authenticator = new SoftAuthenticator(TEST_ORIGIN);

		const creation = await mutate(app, "passkeys.registrationOptions", undefined, { headers });
		const response = authenticator.register(creation.data as Creation);
		const added = await mutate(app, "passkeys.register", { response, name: "Laptop" }, { headers });
		expect(added.data).toMatchObject({ id: response.id, name: "Laptop", last_used_at: null });
		const replay = await mutate(app, "passkeys.register", { response }, { headers });
		expect(replay.error).toMatchObject({ code: "BAD_REQUEST", reason: "PASSKEY_REGISTRATION_FAILED" });

		const renamed = await mutate(app, "passkeys.rename", { passkey_id: response.id, name: "Desk" }, { headers });
		expect(renamed.data).toMatchObject({ name: "Desk" });
		expect((await query(app, "passkeys.list", undefined, { headers })).data).toMatchObject({ count: 1 });

		const request = await mutate(app, "passkeys.loginOptions", undefined);
		const login = await mutate(app, "passkeys.login", {
			response: authenticator.authenticate(request.data as Request),
		});
		expect((login.data as { access_token: string }).access_token).toMatch(TOKEN_SHAPE);

		const reauthOptions = await mutate(app, "passkeys.reauthenticationOptions", undefined, { headers });
		const passkey = authenticator.authenticate(reauthOptions.data as Request);
		const confirmed = await mutate(app, "auth.reauthenticate", { passkey }, { headers });
		expect(confirmed.data).toEqual({ message: "Identity confirmed" });
		const again = await mutate(app, "auth.reauthenticate", { passkey }, { headers });
		expect(again.error).toMatchObject({ code: "BAD_REQUEST", reason: "INVALID_PASSKEY" });

		const removed = await mutate(app, "passkeys.remove", { passkey_id: response.id }, { headers });
		expect(removed.data).toEqual({ message: "Passkey removed" });
		const gone = await mutate(app, "passkeys.remove", { passkey_id: response.id }, { headers });
		expect(gone.error).toMatchObject({ code: "NOT_FOUND", reason: "PASSKEY_NOT_FOUND" });
	});
});
