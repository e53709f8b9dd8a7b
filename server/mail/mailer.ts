import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Transporter } from "nodemailer";

export type MailMessage = { to: string; subject: string; html: string; text: string };

/** The part of pino the mailer uses: it never logs a message body (it carries a reset token). */
export type MailLogger = {
	info: (obj: object, msg?: string) => void;
	warn: (obj: object, msg?: string) => void;
	error: (obj: object, msg?: string) => void;
};

export type Mailer = {
	/** Queues the message and returns at once; failures are logged and retried, never thrown. */
	send(message: MailMessage): void;
	/** Resolves when every queued message is delivered or given up on. */
	idle(): Promise<void>;
	/** Where messages go: "smtp" or "outbox". */
	readonly kind: "smtp" | "outbox";
};

export type MailerOptions = {
	from: string;
	/** SMTP settings; without them each message becomes an .eml file in `outboxDir`. */
	smtp?: { host: string; port?: number; user?: string; password?: string; secure: boolean };
	outboxDir: string;
	log: MailLogger;
	/** Waits between attempts; its length + 1 is the number of attempts. */
	retryDelaysMs?: number[];
	/** Called after each successful delivery (tests and metrics). */
	onSent?: (message: MailMessage) => void;
};

/**
 * nodemailer (about 10 MB resident) loaded with the first message rather than at start:
 * most servers send mail seldom. A transport made from it is made once, then reused.
 */
const lazyTransport = (options: Parameters<typeof import("nodemailer")["createTransport"]>[0]) => {
	let transport: Promise<Transporter> | undefined;
	return () => {
		transport ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(options));
		return transport;
	};
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Deliver = (message: MailMessage) => Promise<void>;

function smtpDelivery(options: MailerOptions, smtp: NonNullable<MailerOptions["smtp"]>): Deliver {
	const transport = lazyTransport({
		host: smtp.host,
		port: smtp.port ?? (smtp.secure ? 465 : 587),
		secure: smtp.secure,
		auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? "" } : undefined,
		connectionTimeout: 10_000,
		greetingTimeout: 10_000,
		socketTimeout: 20_000,
	});
	return async (message) => {
		await (await transport()).sendMail({ from: options.from, ...message });
	};
}

/** RFC 5322 files, written under a temp name and renamed so a reader never sees half of one. */
function outboxDelivery(options: MailerOptions): Deliver {
	const transport = lazyTransport({ streamTransport: true, buffer: true, newline: "windows" });
	return async (message) => {
		const info = await (await transport()).sendMail({ from: options.from, ...message });
		await mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
		const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(6).toString("hex")}`;
		const temp = join(options.outboxDir, `.${name}.tmp`);
		try {
			await writeFile(temp, info.message as Buffer, { flag: "wx", mode: 0o600 });
			await rename(temp, join(options.outboxDir, `${name}.eml`));
		} catch (error) {
			await rm(temp, { force: true });
			throw error;
		}
	};
}

export function createMailer(options: MailerOptions): Mailer {
	const deliver = options.smtp ? smtpDelivery(options, options.smtp) : outboxDelivery(options);
	const delays = options.retryDelaysMs ?? [1_000, 5_000];
	const pending = new Set<Promise<void>>();

	async function attempt(message: MailMessage): Promise<void> {
		for (let index = 0; ; index++) {
			try {
				await deliver(message);
				options.log.info({ to: message.to, subject: message.subject }, "e-mail sent");
				options.onSent?.(message);
				return;
			} catch (error) {
				const reason = error instanceof Error ? error.message : String(error);
				const delay = delays[index];
				if (delay === undefined) {
					options.log.error({ to: message.to, attempts: index + 1, reason }, "e-mail could not be sent");
					return;
				}
				options.log.warn({ to: message.to, attempt: index + 1, reason }, "e-mail failed; retrying");
				await sleep(delay);
			}
		}
	}

	return {
		kind: options.smtp ? "smtp" : "outbox",
		send(message) {
			// Start on the next turn of the event loop: the HTTP reply goes out first.
			const job = new Promise((resolve) => setImmediate(resolve))
				.then(() => attempt(message))
				.finally(() => pending.delete(job));
			pending.add(job);
		},
		async idle() {
			while (pending.size > 0) await Promise.all([...pending]);
		},
	};
}
