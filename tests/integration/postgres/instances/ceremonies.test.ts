import { describe, expect, it } from "vitest";
import { makePng } from "../../../helpers/images.ts";
import { call, login, nextAddress, sharedSetup, startInstances } from "../../../helpers/instances.ts";
import { TEST_ORIGIN } from "../../../helpers/passkeys.ts";
import { freshDatabase } from "../../../helpers/postgres.ts";
import { SUPERUSER } from "../../../helpers/process.ts";
import { startTestS3 } from "../../../helpers/s3.ts";
import { totpAt } from "../../../helpers/totp.ts";
import { SoftAuthenticator } from "../../../helpers/webauthn.ts";

type Options = Parameters<SoftAuthenticator["register"]>[0];
type LoginOptions = Parameters<SoftAuthenticator["authenticate"]>[0];

/**
 * Spec "What the tests prove" 6: what one instance starts, the other finishes; what one
 * stores, the other reads. Both share the database, SECRET_KEY, PUBLIC_URL and the bucket.
 */
describe("two instances on one PostgreSQL database: started on A, finished on B", () => {
	it("a two-factor secret set up through A opens on B; an MFA login started on A ends on B; a passkey added and used across A and B; a file uploaded through A is served by B", {
		timeout: 120_000,
	}, async () => {
		const s3 = await startTestS3();
		const shared = sharedSetup(await freshDatabase("migrated"), { ...s3.env, PUBLIC_URL: TEST_ORIGIN });
		const [a, b] = await startInstances(shared, 2);
		if (!a || !b) throw new Error("two instances");
		const admin = (await login(a.url, SUPERUSER.email, SUPERUSER.password)).access_token;
		const ada = { email: "ada@example.com", password: "ada-password-1" };
		expect((await call(a.url, "POST", "/users/", { token: admin, body: ada })).status).toBe(200);
		const adaOnA = (await login(a.url, ada.email, ada.password)).access_token;
		const figures: string[] = [];

		// Two-factor: set up and enabled through A; its secret is stored encrypted with SECRET_KEY.
		const setup = await call(a.url, "POST", "/users/me/totp/setup", { token: adaOnA });
		expect(setup.status, JSON.stringify(setup.json)).toBe(200);
		const secret = setup.json.secret as string;
		const enabled = await call(a.url, "POST", "/users/me/totp/enable", {
			token: adaOnA,
			body: { code: totpAt(secret, Date.now()) },
		});
		expect(enabled.status, JSON.stringify(enabled.json)).toBe(200);
		// The first step through A, the code through B: B decrypts the secret A wrote.
		const ip = nextAddress();
		const firstStep = await fetch(`${a.url}/api/v1/login/access-token`, {
			method: "POST",
			headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip },
			body: new URLSearchParams({ username: ada.email, password: ada.password }),
		});
		expect(firstStep.status).toBe(401);
		const { mfa_token } = (await firstStep.json()) as { mfa_token: string };
		expect(mfa_token).toBeTruthy();
		// One step ahead: the enabling code's step is spent.
		const secondStep = await call(b.url, "POST", "/login/mfa", {
			ip,
			body: { mfa_token, code: totpAt(secret, Date.now(), 1) },
		});
		expect(secondStep.status, JSON.stringify(secondStep.json)).toBe(200);
		const adaOnB = secondStep.json.access_token as string;
		expect((await call(b.url, "GET", "/users/me", { token: adaOnB })).json).toMatchObject({ email: ada.email });
		figures.push("MFA: password on A, code on B: 200");

		// Passkey registration: options from A, credential to B.
		const authenticator = new SoftAuthenticator(TEST_ORIGIN);
		const options = await call(a.url, "POST", "/users/me/passkeys/options", { token: adaOnB });
		expect(options.status, JSON.stringify(options.json)).toBe(200);
		const added = await call(b.url, "POST", "/users/me/passkeys", {
			token: adaOnB,
			body: { response: authenticator.register(options.json as Options) },
		});
		expect(added.status, JSON.stringify(added.json)).toBe(200);
		// Passkey sign-in: options from B, signature to A; the challenge is spent once, whichever instance sees it again.
		const loginOptions = await call(b.url, "POST", "/login/passkey/options", { ip });
		expect(loginOptions.status).toBe(200);
		const response = authenticator.authenticate(loginOptions.json as LoginOptions);
		const signedIn = await call(a.url, "POST", "/login/passkey", { ip, body: { response } });
		expect(signedIn.status, JSON.stringify(signedIn.json)).toBe(200);
		const replayed = await call(b.url, "POST", "/login/passkey", { ip, body: { response } });
		expect(replayed).toEqual({ status: 400, json: { detail: "Invalid passkey" } });
		figures.push(`passkey: added A->B 200, signed in B->A 200, replayed on B ${replayed.status}`);

		// Media: uploaded through A into the bucket, served by B with the same headers.
		const me = (await call(a.url, "GET", "/users/me", { token: adaOnB })).json;
		const form = new FormData();
		form.set("entity_type", "user");
		form.set("entity_id", me.id);
		form.set("file", new Blob([new Uint8Array(await makePng())], { type: "image/png" }), "a.png");
		const uploaded = await fetch(`${a.url}/api/v1/media/upload`, {
			method: "POST",
			headers: { authorization: `Bearer ${adaOnB}` },
			body: form,
		});
		expect(uploaded.status).toBe(200);
		const file = (await uploaded.json()) as { file_id: string; url: string; size: number };
		expect(await s3.ids()).toEqual([file.file_id]);
		const served = await fetch(`${b.url}${file.url}`);
		expect(served.status).toBe(200);
		expect(served.headers.get("content-type")).toBe("image/png");
		expect((await served.arrayBuffer()).byteLength).toBe(file.size);
		figures.push(`media: uploaded through A (${file.size} bytes), served by B: 200`);
		console.log(`proof 6: ${figures.join("; ")}`);
	});
});
