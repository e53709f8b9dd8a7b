import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterEach } from "vitest";

export type ReceivedMail = { from: string; to: string[]; raw: string };

export type TestSmtp = {
	port: number;
	received: ReceivedMail[];
	/** The next message, or one already received and not yet taken. */
	next(timeoutMs?: number): Promise<ReceivedMail>;
};

export type SmtpOptions = {
	/** Answers this many DATA commands with a temporary 451 failure before accepting any. */
	rejectFirst?: number;
	/** Each message is acknowledged only once this settles (a slow mail server). */
	hold?: Promise<void>;
};

const running: SMTPServer[] = [];

/** A real SMTP server on 127.0.0.1 and a random port, without TLS; closed after each test. */
export async function startSmtp(options: SmtpOptions = {}): Promise<TestSmtp> {
	const received: ReceivedMail[] = [];
	let toReject = options.rejectFirst ?? 0;
	let taken = 0;
	const waiting: Array<() => void> = [];
	const server = new SMTPServer({
		authOptional: true,
		disabledCommands: ["STARTTLS"],
		logger: false,
		onData(stream, session, callback) {
			const chunks: Buffer[] = [];
			stream.on("data", (chunk: Buffer) => chunks.push(chunk));
			stream.on("end", async () => {
				if (toReject > 0) {
					toReject--;
					callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
					return;
				}
				await options.hold;
				received.push({
					from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
					to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
					raw: Buffer.concat(chunks).toString("utf8"),
				});
				for (const wake of waiting.splice(0)) wake();
				callback();
			});
		},
	});
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	running.push(server);
	const port = (server.server.address() as AddressInfo).port;
	return {
		port,
		received,
		async next(timeoutMs = 5000) {
			const deadline = Date.now() + timeoutMs;
			while (received.length <= taken) {
				if (Date.now() > deadline) throw new Error("no e-mail arrived");
				await new Promise<void>((resolve) => {
					waiting.push(resolve);
					setTimeout(resolve, 50);
				});
			}
			return received[taken++] as ReceivedMail;
		},
	};
}

afterEach(async () => {
	for (const server of running.splice(0)) await new Promise<void>((resolve) => server.close(() => resolve()));
});
