import { QueryClient } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSessionTRPCClient, sessionServer } from "../../../client/api/trpc-client.ts";
import { createSession } from "../../../client/features/sign-in-state/session.ts";
import { tokenStore } from "../../../client/features/sign-in-state/token-store.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { api } from "../../helpers/http.ts";
import { seedUser } from "../../helpers/users.ts";

/**
 * The app's tRPC client (the session link over httpBatchLink) against the real server over
 * HTTP, with the server's clock moved to expire tokens and the window of recent authentication.
 */

const MINUTE = 60_000;

class MemoryStorage {
	private items = new Map<string, string>();
	getItem = (key: string) => this.items.get(key) ?? null;
	setItem = (key: string, value: string) => void this.items.set(key, String(value));
	removeItem = (key: string) => void this.items.delete(key);
}

async function signedInClient(options: { isSuperuser?: boolean } = {}) {
	const server = await buildTestApp();
	const address = await server.app.listen({ port: 0, host: "127.0.0.1" });
	const url = `${address}/trpc`;
	const user = await seedUser(server.app, options);
	tokenStore.set({ token: user.accessToken, refreshToken: user.refreshToken });
	const navigations: string[] = [];
	const router = {
		state: { location: { pathname: "/settings" } },
		navigate: (to: string) => void navigations.push(to),
	};
	const queryClient = new QueryClient();
	const session = createSession({ queryClient, router, server: sessionServer(url, tokenStore) });
	const client = createSessionTRPCClient(session, url);
	return { ...server, user, session, client, navigations };
}

const reasonOf = (error: unknown) =>
	error instanceof TRPCClientError ? (error.data as { reason?: string } | undefined)?.reason : undefined;

beforeEach(() => {
	Object.assign(globalThis, { localStorage: new MemoryStorage() });
});
afterEach(() => {
	Reflect.deleteProperty(globalThis, "localStorage");
});

describe("the tRPC client under the session rules (real server)", () => {
	it("an expired access token is refreshed and the call answers as if nothing happened", async () => {
		const { client, user, advance, navigations } = await signedInClient();
		advance(16 * MINUTE);
		const me = await client.users.me.query();
		expect(me.email).toBe(user.email);
		expect(tokenStore.get()?.token).not.toBe(user.accessToken);
		expect(tokenStore.get()?.refreshToken).not.toBe(user.refreshToken);
		expect(navigations).toEqual([]);
	});

	it("a session revoked elsewhere ends here: tokens cleared, /login", async () => {
		const { client, app, user, navigations } = await signedInClient();
		expect((await api(app, "POST", "/login/logout-all", { headers: user.headers })).statusCode).toBe(200);
		await expect(client.users.me.query()).rejects.toThrow();
		expect(tokenStore.get()).toBeNull();
		expect(navigations).toEqual(["/login"]);
	});

	it('a 403 "not enough privileges" ends the session; a rule refusal does not', async () => {
		const admin = await signedInClient({ isSuperuser: true });
		const refusal = await admin.client.admin.delete.mutate({ user_id: admin.user.id }).catch((error) => error);
		expect(reasonOf(refusal)).toBe("SUPERUSER_SELF_DELETE");
		expect(tokenStore.get()).not.toBeNull();
		expect(admin.navigations).toEqual([]);

		const user = await signedInClient();
		const forbidden = await user.client.admin.list.query({}).catch((error) => error);
		expect(reasonOf(forbidden)).toBe("FORBIDDEN");
		expect(tokenStore.get()).toBeNull();
		expect(user.navigations).toEqual(["/login"]);
	});

	it("a new e-mail out of the recent-authentication window waits for the confirmation, then goes through", async () => {
		const { client, session, user, advance, navigations } = await signedInClient();
		advance(11 * MINUTE);
		const change = client.users.updateMe.mutate({ email: "moved@example.com" });
		await expect.poll(() => session.identityPrompt.isOpen()).toBe(true);

		// What the dialog does: a wrong password is refused (and shown), the session stays.
		const wrong = await client.auth.reauthenticate.mutate({ password: "not-the-password" }).catch((error) => error);
		expect(reasonOf(wrong)).toBe("INCORRECT_PASSWORD");
		expect(session.identityPrompt.isOpen()).toBe(true);
		advance(2_000); // the failed-login back-off
		expect(await client.auth.reauthenticate.mutate({ password: user.password })).toEqual({
			message: "Identity confirmed",
		});
		session.identityPrompt.answer(true);

		expect((await change).email).toBe("moved@example.com");
		expect(tokenStore.get()?.token).toBe(user.accessToken);
		expect(navigations).toEqual([]);
	});

	it("cancelled, the change fails with REAUTH_REQUIRED and the user stays signed in", async () => {
		const { client, session, user, advance, navigations } = await signedInClient();
		advance(11 * MINUTE);
		const change = client.users.updateMe.mutate({ email: "moved@example.com" }).catch((error) => error);
		await expect.poll(() => session.identityPrompt.isOpen()).toBe(true);
		session.identityPrompt.answer(false);
		expect(reasonOf(await change)).toBe("REAUTH_REQUIRED");
		expect((await client.users.me.query()).email).toBe(user.email);
		expect(navigations).toEqual([]);
	});
});
