import { join } from "node:path";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { createMailer, type Mailer } from "../mail/mailer.ts";
import { createDiskStorage, type MediaStorage } from "../media/storage.ts";
import { type Background, createBackground } from "./background.ts";
import { createPasswordHasher, type PasswordHasher } from "./passwords.ts";
import { RateLimiter } from "./rate-limiter.ts";

/** Milliseconds since the epoch; tests pass a clock they can move. */
export type Clock = () => number;

export type Logger = {
	info: (obj: object | string, msg?: string) => void;
	warn: (obj: object | string, msg?: string) => void;
	error: (obj: object | string, msg?: string) => void;
};

/** What every service function receives first: the app's long-lived parts. */
export type ServiceDeps = {
	db: Db;
	config: Config;
	clock: Clock;
	limiter: RateLimiter;
	log: Logger;
	mailer: Mailer;
	storage: MediaStorage;
	passwords: PasswordHasher;
	background: Background;
};

/** Who is asking, as adapters see it; `requestId` tells the calls of one tRPC batch apart from others. */
export type RequestMeta = { ip: string; userAgent: string | undefined; requestId?: string };

/**
 * The services' dependencies from the config, for the app and the CLI alike: SMTP when
 * configured, else the outbox; files under DATA_DIR/media. Parts given are used as they are.
 */
export function createServiceDeps(
	base: { config: Config; db: Db; log: Logger; clock?: Clock },
	parts: Partial<Pick<ServiceDeps, "limiter" | "mailer" | "storage" | "passwords">> = {},
): ServiceDeps {
	const { config, db, log } = base;
	const clock = base.clock ?? Date.now;
	return {
		config,
		db,
		clock,
		log,
		limiter: parts.limiter ?? new RateLimiter(clock),
		mailer:
			parts.mailer ??
			createMailer({ from: config.mailFrom, smtp: config.smtp, outboxDir: join(config.dataDir, "outbox"), log }),
		storage: parts.storage ?? createDiskStorage(join(config.dataDir, "media")),
		passwords: parts.passwords ?? createPasswordHasher(),
		background: createBackground(log),
	};
}
