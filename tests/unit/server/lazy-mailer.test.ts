import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { lastJsonOfFreshNode, watchModuleLoads } from "../../helpers/module-loads.ts";

/** A fresh Node process that makes an outbox mailer, says whether nodemailer is loaded, sends one message, says it again. */
const script = `
${watchModuleLoads("/nodemailer/")}
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
		expect(lastJsonOfFreshNode(script, { OUTBOX: outbox })).toEqual({ before: false, after: true });
		expect(readdirSync(outbox).filter((name) => name.endsWith(".eml"))).toHaveLength(1);
	} finally {
		rmSync(outbox, { recursive: true, force: true });
	}
});
