import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { seedUser } from "../../helpers/users.ts";

/** Host values no URL parser takes: a space, a port past 65535, an open IPv6 bracket, a lone percent. */
const BAD_HOSTS = ["a b", "x:99999", "[::1", "%", "a/b", "@", "x:-1", ""];

/** A login with a wrong password (from its own address, so no back-off of the one before meets it), and two reads. */
async function callsWith(app: FastifyInstance, headers: Record<string, string>, n: number) {
	const person = await seedUser(app);
	const login = await app.inject({
		method: "POST",
		url: "/trpc/auth.login",
		remoteAddress: `192.0.2.${10 + n}`,
		headers: { "content-type": "application/json", ...headers },
		payload: JSON.stringify({ username: person.email, password: "wrong-password-1" }),
	});
	const me = await app.inject({
		method: "GET",
		url: "/trpc/users.me",
		headers: { authorization: `Bearer ${person.accessToken}`, ...headers },
	});
	const batch = await app.inject({
		method: "GET",
		url: `/trpc/users.me,users.me?batch=1&input=${encodeURIComponent("{}")}`,
		headers: { authorization: `Bearer ${person.accessToken}`, ...headers },
	});
	return { login, me, batch, person };
}

describe("tRPC with a Host header that is no host", () => {
	it("answers as with a good one: the calls run, none is a 500", async () => {
		const { app } = await buildTestApp();
		for (const [n, host] of BAD_HOSTS.entries()) {
			const { login, me, batch, person } = await callsWith(app, { host }, n);
			expect(login.json().error.data, `${host}: ${login.body}`).toMatchObject({ reason: "INCORRECT_LOGIN" });
			expect(me.statusCode, `${host}: ${me.body}`).toBe(200);
			expect(me.json().result.data.email).toBe(person.email);
			expect(batch.statusCode, `${host}: ${batch.body}`).toBe(200);
		}
	});

	it("and an X-Forwarded-Host that is no host, behind a trusted proxy", async () => {
		const { app } = await buildTestApp({ env: { TRUST_PROXY: "1" } });
		for (const [n, host] of BAD_HOSTS.entries()) {
			const { login, me } = await callsWith(app, { "x-forwarded-host": host, "x-forwarded-for": `203.0.113.${n}` }, n);
			expect(login.json().error.data, `${host}: ${login.body}`).toMatchObject({ reason: "INCORRECT_LOGIN" });
			expect(me.statusCode, `${host}: ${me.body}`).toBe(200);
		}
	});
});
