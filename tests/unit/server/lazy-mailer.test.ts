import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { ROOT } from "../../helpers/process.ts";

/** A fresh Node process that makes an outbox mailer, says whether nodemailer is loaded, sends one message, says it again. */
const script = `
import { register } from "node:module";
import { MessageChannel } from "node:worker_threads";
const hooks = "data:text/javascript," + encodeURIComponent(
	"let port; export function initialize(data) { port = data.port; }" +
	"export async function resolve(specifier, context, next) {" +
	" const resolved = await next(specifier, context);" +
	" if (resolved.url.includes('/nodemailer/')) port.postMessage(resolved.url);" +
	" return resolved; }",
);
const { port1, port2 } = new MessageChannel();
let loaded = false;
port1.on("message", () => { loaded = true; });
port1.unref();
register(hooks, import.meta.url, { data: { port: port2 }, transferList: [port2] });
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));
const { createMailer } = await import("./server/mail/mailer.ts");
const log = { info() {}, warn() {}, error() {} };
const mailer = createMailer({ from: "a@example.com", outboxDir: process.env.OUTBOX, log });
await settle();
const before = loaded;
mailer.send({ to: "b@example.com", subject: "Hi", html: "<p>Hi</p>", text: "Hi" });
await mailer.idle();
await settle();
console.log(JSON.stringify({ before, after: loaded }));
`;

it("nodemailer is loaded with the first message, not when the mailer is made", { timeout: 30_000 }, () => {
	const outbox = mkdtempSync(join(tmpdir(), "portico-outbox-"));
	try {
		const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
			cwd: ROOT,
			env: { ...process.env, OUTBOX: outbox },
			encoding: "utf8",
		});
		expect(JSON.parse(out.trim().split("\n").pop() ?? "")).toEqual({ before: false, after: true });
		expect(readdirSync(outbox).filter((name) => name.endsWith(".eml"))).toHaveLength(1);
	} finally {
		rmSync(outbox, { recursive: true, force: true });
	}
});
