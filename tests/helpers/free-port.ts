import { createServer } from "node:net";

/**
 * A TCP port nobody held a moment ago, on 127.0.0.1. There is a small race: the port is
 * free when the probe closes it, and another process could take it before the server
 * binds it. Where the code allows, listen on port 0 and read the port back instead
 * (`app.listen({ port: 0 })`); this is for what must know the port before it starts: the
 * real server process (it tells its address only in info logs) and Playwright's
 * webServer (it waits on a URL). No vitest import here: the Playwright config uses it.
 */
export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const probe = createServer();
		probe.once("error", reject);
		probe.listen(0, "127.0.0.1", () => {
			const address = probe.address();
			probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
		});
	});
}
