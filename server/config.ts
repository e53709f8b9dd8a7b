import { join, resolve } from "node:path";
import { z } from "zod";
import { readGithubProvider } from "./config-github.ts";
import { type OidcProviderConfig, readOidcProviders } from "./config-oidc.ts";
import { parseDatabaseUrl } from "./db/database-url.ts";
import type { MediaLocation } from "./media/create-storage.ts";

/** A duration like `15m`, `30d`, `3600s` or `500ms`, or a bare number of seconds. */
const duration = z
	.string()
	.regex(/^\d+(ms|s|m|h|d)?$/, "must be a number of seconds or end in ms, s, m, h or d")
	.transform((value) => {
		const [, amount = "0", unit = "s"] = /^(\d+)(ms|s|m|h|d)?$/.exec(value) ?? [];
		const factor = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[unit as "s"];
		return Number(amount) * factor;
	})
	.refine((ms) => ms > 0, "must be more than zero");

/** s3://bucket[/prefix]: no empty, `.` or `..` segment, so every key stays under the prefix. */
const MEDIA_URL = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(\/(?!\.\.?(\/|$))[\w.-]+)*\/?$/;

const flag = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");
const port = z.coerce.number().int().min(0).max(65535);

const envSchema = z.object({
	PORT: port.default(3000),
	HOST: z.string().min(1).default("127.0.0.1"),
	DATA_DIR: z.string().min(1).default("./data"),
	DATABASE_PATH: z.string().min(1).optional(),
	// `file:` (SQLite, the default) or `postgres://` / `postgresql://` (server/db/database-url.ts).
	DATABASE_URL: z
		.string()
		.max(4096)
		.refine((value) => parseDatabaseUrl(value) !== undefined, "must be file:[path], or postgres://user@host/database")
		.optional(),
	DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
	// Links in e-mails and the cookie Origin check are built from it: only http(s) makes sense.
	PUBLIC_URL: z.url({ protocol: /^https?$/, message: "must be an http:// or https:// URL" }).optional(),
	FIRST_SUPERUSER_EMAIL: z.email().default("admin@example.com"),
	FIRST_SUPERUSER_PASSWORD: z.string().min(8, "must be at least 8 characters").max(128).optional(),
	SIGNUP_ENABLED: flag.default(true),
	SMTP_HOST: z.string().min(1).optional(),
	SMTP_PORT: port.optional(),
	SMTP_USER: z.string().optional(),
	SMTP_PASSWORD: z.string().optional(),
	SMTP_SECURE: flag.default(false),
	MAIL_FROM: z.string().min(3).default("Portico <no-reply@localhost>"),
	ACCESS_TOKEN_TTL: duration.default(15 * 60_000),
	REFRESH_TOKEN_TTL: duration.default(30 * 86_400_000),
	RESET_TOKEN_TTL: duration.default(60 * 60_000),
	REAUTH_WINDOW: duration.default(10 * 60_000),
	PAT_MAX_TTL: duration.default(365 * 86_400_000),
	AUDIT_RETENTION: duration.default(180 * 86_400_000),
	EMAIL_VERIFICATION: z.enum(["off", "optional", "required"]).default("optional"),
	// 32 bytes as 64 hex characters or base64; without it a key is generated into DATA_DIR/secret.key.
	SECRET_KEY: z
		.string()
		.refine(
			(value) => /^[0-9a-f]{64}$/i.test(value) || Buffer.from(value, "base64").length === 32,
			"must be 32 bytes: 64 hex characters or base64",
		)
		.optional(),
	TRUST_PROXY: z
		.string()
		.regex(/^(true|false|\d+)$/, "must be true, false or a number of proxies")
		.transform((value) => (value === "true" ? true : value === "false" ? false : Number(value)))
		.default(false),
	LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
	MEDIA_URL: z
		.string()
		.regex(
			MEDIA_URL,
			"must be s3://bucket or s3://bucket/prefix (a lowercase bucket name; prefix segments of letters, digits, . _ -)",
		)
		.optional(),
	S3_ENDPOINT: z.url({ protocol: /^https?$/, message: "must be an http:// or https:// URL" }).optional(),
	S3_REGION: z
		.string()
		.regex(/^[a-z0-9-]{1,64}$/, "must be a region name like eu-west-1")
		.default("us-east-1"),
	S3_ACCESS_KEY_ID: z.string().max(256).optional(),
	S3_SECRET_ACCESS_KEY: z.string().max(256).optional(),
	// Provider ids; each id's own OIDC_<ID>_* variables are read by server/config-oidc.ts.
	OIDC_PROVIDERS: z.string().max(1000).optional(),
	// GitHub sign-in, on with GITHUB_CLIENT_ID; server/config-github.ts reads what they mean.
	GITHUB_CLIENT_ID: z.string().max(255).optional(),
	GITHUB_CLIENT_SECRET: z.string().max(255).optional(),
	GITHUB_ALLOWED_ORGS: z.string().max(4000).optional(),
	GITHUB_SIGNUP: z.string().max(5).optional(),
	GITHUB_URL: z.string().max(2048).optional(),
	GITHUB_API_URL: z.string().max(2048).optional(),
});

export type Config = {
	port: number;
	host: string;
	dataDir: string;
	/** The SQLite file when `postgres` is unset. */
	databasePath: string;
	/** Set when DATABASE_URL is a PostgreSQL URL: the server runs on it instead of SQLite. */
	postgres: { url: string; poolSize: number } | undefined;
	publicUrl: string;
	firstSuperuser: { email: string; password: string | undefined };
	signupEnabled: boolean;
	smtp: { host: string; port: number | undefined; user?: string; password?: string; secure: boolean } | undefined;
	mailFrom: string;
	accessTokenTtlMs: number;
	refreshTokenTtlMs: number;
	resetTokenTtlMs: number;
	/** How long after a proof of identity the sensitive actions are allowed without another. */
	reauthWindowMs: number;
	/** The longest a personal access token may live. */
	patMaxTtlMs: number;
	auditRetentionMs: number;
	emailVerification: "off" | "optional" | "required";
	/** The key that encrypts two-factor secrets, when given in the environment. */
	secretKey: Buffer | undefined;
	trustProxy: boolean | number;
	logLevel: string;
	/** Where media files go: DATA_DIR/media, or an S3-compatible bucket (MEDIA_URL). */
	media: MediaLocation;
	/** The providers people may sign in with: OpenID Connect (OIDC_PROVIDERS), then GitHub (GITHUB_CLIENT_ID). */
	oidcProviders: OidcProviderConfig[];
};

export class ConfigError extends Error {}

/**
 * TRUST_PROXY as Fastify must be told it. Fastify 5 ignores a bare hop count (it cannot
 * vouch for the peer, so it trusts nobody), which left every client behind a proxy with
 * the proxy's address, sharing one rate-limit bucket. A count n becomes proxy-addr's
 * function: the socket and the n-1 hops after it are proxies, so the client is the n-th
 * X-Forwarded-For entry from the right, the one the outermost proxy wrote.
 */
export function proxyTrust(setting: boolean | number): boolean | ((address: string, hop: number) => boolean) {
	return typeof setting === "number" ? (_address, hop) => hop < setting : setting;
}

/** The only reader of the environment. A bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
	// An empty variable means "not set", as in a docker env file with `NAME=`.
	const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
	const parsed = envSchema.safeParse(present);
	if (!parsed.success) {
		const lines = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
		throw new ConfigError(`Invalid configuration:\n  ${lines.join("\n  ")}`);
	}
	const e = parsed.data;
	const dataDir = resolve(e.DATA_DIR);
	const url = e.DATABASE_URL === undefined ? undefined : parseDatabaseUrl(e.DATABASE_URL);
	if (url?.kind === "sqlite" && url.path !== undefined && e.DATABASE_PATH !== undefined)
		throw new ConfigError(
			"Invalid configuration:\n  DATABASE_URL: names a SQLite file and DATABASE_PATH another: set only one of them",
		);
	const oidcProviders = readOidcProviders(present);
	const github = readGithubProvider(present);
	const providerProblems = [
		...(typeof oidcProviders[0] === "string" ? oidcProviders : []),
		...(Array.isArray(github) ? github : []),
	];
	if (providerProblems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${providerProblems.join("\n  ")}`);
	const sqlitePath = (url?.kind === "sqlite" ? url.path : undefined) ?? e.DATABASE_PATH ?? `${dataDir}/app.db`;
	return {
		port: e.PORT,
		host: e.HOST,
		dataDir,
		databasePath: sqlitePath === ":memory:" ? ":memory:" : resolve(sqlitePath),
		postgres: url?.kind === "postgres" ? { url: url.url, poolSize: e.DATABASE_POOL_SIZE } : undefined,
		publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
		firstSuperuser: { email: e.FIRST_SUPERUSER_EMAIL.toLowerCase(), password: e.FIRST_SUPERUSER_PASSWORD },
		signupEnabled: e.SIGNUP_ENABLED,
		smtp: e.SMTP_HOST
			? { host: e.SMTP_HOST, port: e.SMTP_PORT, user: e.SMTP_USER, password: e.SMTP_PASSWORD, secure: e.SMTP_SECURE }
			: undefined,
		mailFrom: e.MAIL_FROM,
		accessTokenTtlMs: e.ACCESS_TOKEN_TTL,
		refreshTokenTtlMs: e.REFRESH_TOKEN_TTL,
		resetTokenTtlMs: e.RESET_TOKEN_TTL,
		reauthWindowMs: e.REAUTH_WINDOW,
		patMaxTtlMs: e.PAT_MAX_TTL,
		auditRetentionMs: e.AUDIT_RETENTION,
		emailVerification: e.EMAIL_VERIFICATION,
		secretKey:
			e.SECRET_KEY === undefined
				? undefined
				: Buffer.from(e.SECRET_KEY, /^[0-9a-f]{64}$/i.test(e.SECRET_KEY) ? "hex" : "base64"),
		trustProxy: e.TRUST_PROXY,
		logLevel: e.LOG_LEVEL,
		media: mediaConfig(e, dataDir),
		oidcProviders: [
			...(oidcProviders as OidcProviderConfig[]),
			...(github === undefined || Array.isArray(github) ? [] : [github]),
		],
	};
}

/**
 * What the server refuses to start with, beyond each variable's own check: on PostgreSQL,
 * no SECRET_KEY. The key would otherwise be generated into this host's DATA_DIR, and
 * two-factor secrets written through one instance would not open on another.
 */
export function checkServerConfig(config: Config): void {
	if (config.postgres && !config.secretKey)
		throw new ConfigError(
			"Invalid configuration:\n  SECRET_KEY: is required with a PostgreSQL DATABASE_URL, the same on every instance (32 bytes: 64 hex characters or base64, e.g. from `openssl rand -hex 32`); a key generated into DATA_DIR would be this host's alone. Moving from SQLite? Use the key of DATA_DIR/secret.key.",
		);
}

/** What stays on this host's disk though the database is shared: another instance would not see it. */
export type HostLocalState = "media_on_host_disk" | "mail_outbox_on_host_disk";

/** On PostgreSQL, media without MEDIA_URL and mail without SMTP (the outbox); nothing on SQLite (one host). */
export function hostLocalState(config: Pick<Config, "postgres" | "media" | "smtp">): HostLocalState[] {
	if (!config.postgres) return [];
	return [
		...(config.media.kind === "disk" ? (["media_on_host_disk"] as const) : []),
		...(config.smtp ? [] : (["mail_outbox_on_host_disk"] as const)),
	];
}

/** The start-up warning for each of hostLocalState's answers. */
export const hostLocalWarnings: Record<HostLocalState, string> = {
	media_on_host_disk:
		"media files are kept under DATA_DIR/media on this host: a second instance on this database would not see them. Set MEDIA_URL (S3-compatible storage) before running more than one.",
	mail_outbox_on_host_disk:
		"without SMTP_HOST, e-mails are written to DATA_DIR/outbox on this host: a second instance's mail would land on its own host. Set SMTP_HOST before running more than one.",
};

/** MEDIA_URL with its S3 settings; without it, files stay under DATA_DIR/media. */
function mediaConfig(e: z.infer<typeof envSchema>, dataDir: string): Config["media"] {
	if (e.MEDIA_URL === undefined) return { kind: "disk", dir: join(dataDir, "media") };
	const missing = (["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const).filter((name) => !e[name]);
	if (missing.length > 0) {
		throw new ConfigError(
			`Invalid configuration:\n  ${missing.map((name) => `${name}: is required with MEDIA_URL`).join("\n  ")}`,
		);
	}
	const { hostname: bucket, pathname } = new URL(e.MEDIA_URL);
	const prefix = pathname.replace(/^\/+|\/+$/g, "");
	return {
		kind: "s3",
		location: {
			endpoint: (e.S3_ENDPOINT ?? `https://s3.${e.S3_REGION}.amazonaws.com`).replace(/\/+$/, ""),
			region: e.S3_REGION,
			bucket,
			prefix: prefix ? `${prefix}/` : "",
			accessKeyId: e.S3_ACCESS_KEY_ID ?? "",
			secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? "",
		},
	};
}
