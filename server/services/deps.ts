import { join } from "node:path";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { databaseKindOf } from "../db/dialect/index.ts";
import { TableRateLimitStore } from "../db/rate-bucket-store.ts";
import { type Background, createBackground } from "../lib/background.ts";
import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../lib/logger.ts";
import { MemoryRateLimitStore } from "../lib/memory-rate-limit-store.ts";
import { createPasswordHasher, type PasswordHasher } from "../lib/passwords.ts";
import { RateLimiter, type RateLimitStore } from "../lib/rate-limiter.ts";
import { realScheduler, type Scheduler } from "../lib/scheduler.ts";
import { loadSecretKey } from "../lib/secret-key.ts";
import { createMailer, type Mailer } from "../mail/mailer.ts";
import { createMediaStorage } from "../media/create-storage.ts";
import type { MediaStorage } from "../media/storage.ts";

/** What every service function receives first: the app's long-lived parts. */
export type ServiceDeps = {
	db: Db;
	config: Config;
	clock: Clock;
	limiter: RateLimiter<Db>;
	log: Logger;
	mailer: Mailer;
	storage: MediaStorage;
	passwords: PasswordHasher;
	background: Background;
	/** The AES-256 key of the secrets stored encrypted (two-factor): SECRET_KEY, or DATA_DIR/secret.key. */
	secretKey: Buffer;
	/** Timers the tests drive with their clock (a provider's timeout). */
	scheduler: Scheduler;
};

/**
 * Who is asking, as adapters see it; `requestId` tells the calls of one tRPC batch apart from others.
 * `acceptLanguage` chooses the language of the e-mails a request causes (server/mail/locale.ts).
 */
export type RequestMeta = {
	ip: string;
	userAgent: string | undefined;
	requestId?: string;
	acceptLanguage?: string;
	/** The personal access token a request was authorised with, named in its audit rows' `details.via`. */
	via?: { token_id: string; name: string };
};

/**
 * The services' dependencies from the config, for the app and the CLI alike: SMTP when
 * configured, else the outbox; media in MEDIA_URL's bucket, else under DATA_DIR/media;
 * rate-limit buckets in memory on SQLite, in the database on PostgreSQL.
 * Parts given are used as they are.
 */
export function createServiceDeps(
	base: { config: Config; db: Db; log: Logger; clock?: Clock },
	parts: Partial<Pick<ServiceDeps, "limiter" | "mailer" | "storage" | "passwords" | "secretKey" | "scheduler">> = {},
): ServiceDeps {
	const { config, db, log } = base;
	const clock = base.clock ?? Date.now;
	return {
		config,
		db,
		clock,
		log,
		// One SQLite server keeps its buckets in memory; on PostgreSQL every instance shares the table's.
		limiter: parts.limiter ?? new RateLimiter(clock, rateLimitStoreFor(db)),
		mailer:
			parts.mailer ??
			createMailer({ from: config.mailFrom, smtp: config.smtp, outboxDir: join(config.dataDir, "outbox"), log }),
		storage: parts.storage ?? createMediaStorage(config.media),
		passwords: parts.passwords ?? createPasswordHasher(),
		background: createBackground(log),
		secretKey: parts.secretKey ?? loadSecretKey(config),
		scheduler: parts.scheduler ?? realScheduler,
	};
}

const rateLimitStoreFor = (db: Db): RateLimitStore<Db> =>
	databaseKindOf(db) === "postgres" ? new TableRateLimitStore() : new MemoryRateLimitStore();
