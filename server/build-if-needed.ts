import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** `npm start` runs this first: builds the client once when no build is there yet. */
const root = fileURLToPath(new URL("..", import.meta.url));
if (!existsSync(`${root}/client/dist/index.html`)) {
	if (!existsSync(`${root}/client/index.html`)) {
		console.log("No client sources yet: serving the API only.");
	} else {
		console.log("Building the client (first start)...");
		execFileSync("npx", ["vite", "build", "--config", "client/vite.config.ts"], { cwd: root, stdio: "inherit" });
	}
}
