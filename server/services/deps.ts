import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { MediaStorage } from "../media/storage.ts";
import type { RateLimiter } from "./rate-limiter.ts";

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
};

/** Who is asking, as adapters see it. */
export type RequestMeta = { ip: string; userAgent: string | undefined };
