import { describe, expect, it } from "vitest";
import { startServer, tempDir } from "../../helpers/process.ts";

describe("the start's message", () => {
	it("says plainly which address to open: PUBLIC_URL, not the listening socket", { timeout: 60_000 }, async () => {
		const server = await startServer(tempDir(), { PUBLIC_URL: "http://localhost:4321" });
		await expect.poll(() => server.output(), { timeout: 5_000 }).toContain("Open http://localhost:4321");
		const line = server
			.output()
			.split("\n")
			.find((text) => text.includes("Open http://localhost:4321"));
		// Its own line, not inside a JSON log record.
		expect(line?.trim()).toBe("Portico is running. Open http://localhost:4321");
		server.child.kill("SIGTERM");
		await server.exited;
	});
});
