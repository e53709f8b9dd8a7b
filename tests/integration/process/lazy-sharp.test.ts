import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { makePng } from "../../helpers/images.ts";
import { uploadForm } from "../../helpers/multipart.ts";
import { httpLogin, SUPERUSER, startServer, tempDir } from "../../helpers/process.ts";

/** Whether the process has libvips (sharp's native library) mapped into its memory. */
const libvipsLoaded = (pid: number) => readFileSync(`/proc/${pid}/maps`, "utf8").includes("libvips");

describe("image processing", () => {
	it("is loaded with the first image, not at start (libvips is about 25 MB resident)", {
		timeout: 60_000,
	}, async () => {
		const server = await startServer(tempDir());
		const pid = server.child.pid as number;
		const login = await httpLogin(server.url, SUPERUSER.email, SUPERUSER.password);
		const { access_token } = (await login.json()) as { access_token: string };
		const headers = { authorization: `Bearer ${access_token}` };
		const me = (await (await fetch(`${server.url}/api/v1/users/me`, { headers })).json()) as { id: string };
		expect(libvipsLoaded(pid)).toBe(false);

		const form = uploadForm(me.id, await makePng(8, 8), "pic.png", "image/png");
		const upload = await fetch(`${server.url}/api/v1/media/upload`, {
			method: "POST",
			headers: { ...headers, ...form.headers },
			body: new Uint8Array(form.payload),
		});
		expect(upload.status).toBe(200);
		expect(libvipsLoaded(pid)).toBe(true);
	});
});
