import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { REQUEST_TIMEOUT_MS } from "../../../server/app.ts";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { seedUser } from "../../helpers/users.ts";

/**
 * A client that sends its headers and holds its body back must not pin a request (and
 * whatever it was authenticated for) for ever: the whole request must arrive within
 * REQUEST_TIMEOUT_MS, or the server answers 408 and closes the connection.
 */
describe("a request that does not arrive in time", () => {
	it("is cut after 30 s by default, headers included", async () => {
		const { app } = await buildTestApp();
		expect(REQUEST_TIMEOUT_MS).toBe(30_000);
		expect(app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
		expect(app.server.headersTimeout).toBe(REQUEST_TIMEOUT_MS);
	});

	it("is answered 408 when its body is held back, and changes nothing", async () => {
		// A short limit through the app's option: the one test here that runs on real time.
		const { app } = await buildTestApp({ requestTimeoutMs: 100 });
		const user = await seedUser(app, { fullName: "Before" });
		await app.listen({ port: 0, host: "127.0.0.1" });
		const { port } = app.server.address() as AddressInfo;
		const body = JSON.stringify({ full_name: "After" });
		const status = await new Promise<number | "closed">((resolve) => {
			const req = request({
				host: "127.0.0.1",
				port,
				method: "PATCH",
				path: "/api/v1/users/me",
				headers: { ...user.headers, "content-type": "application/json", "content-length": body.length },
			});
			req.on("response", (res) => resolve(res.statusCode ?? 0));
			req.on("error", () => resolve("closed"));
			// Half the body, then nothing.
			req.write(body.slice(0, 5));
		});
		expect(status).toBe(408);
		const me = await app.inject({ method: "GET", url: "/api/v1/users/me", headers: user.headers });
		expect(me.json().full_name).toBe("Before");
	});
});
