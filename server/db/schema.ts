import * as pg from "./schema.pg.ts";
import * as sqlite from "./schema.sqlite.ts";

/**
 * The tables the services query (docs/decisions/031): SQLite's (schema.sqlite.ts) until the
 * server opens a PostgreSQL database, then PostgreSQL's (schema.pg.ts), bound once at start
 * by `bindTablesTo`. Both dialects' rows have identical types (tests/unit/server/schema-parity
 * .test.ts), so the services compile against SQLite's and run on either.
 */
export let users = sqlite.users;
export let userCount = sqlite.userCount;
export let sessions = sqlite.sessions;
export let profiles = sqlite.profiles;
export let media = sqlite.media;
export let resetTokens = sqlite.resetTokens;
export let loginThrottle = sqlite.loginThrottle;
export let proofFailures = sqlite.proofFailures;
export let rateBuckets = sqlite.rateBuckets;
export let auditEvents = sqlite.auditEvents;
export let accountTokens = sqlite.accountTokens;
export let recoveryCodes = sqlite.recoveryCodes;
export let mfaTokens = sqlite.mfaTokens;
export let passkeys = sqlite.passkeys;
export let webauthnChallenges = sqlite.webauthnChallenges;
export let apiTokens = sqlite.apiTokens;
export let userIdentities = sqlite.userIdentities;
export let oidcFlows = sqlite.oidcFlows;
export let oidcHandoffs = sqlite.oidcHandoffs;

export type {
	ApiTokenRow,
	AuditEventRow,
	MediaRow,
	PasskeyRow,
	ProfileRow,
	SessionRow,
	UserRow,
} from "./schema.sqlite.ts";

/** The dialect the tables are bound to; one per process. */
export type TablesDialect = "sqlite" | "postgres";

/** Binds every table to the dialect's definition (PostgreSQL's are typed as SQLite's: their rows are identical). */
export function bindTablesTo(dialect: TablesDialect): void {
	const of = (dialect === "postgres" ? pg : sqlite) as unknown as typeof sqlite;
	users = of.users;
	userCount = of.userCount;
	sessions = of.sessions;
	profiles = of.profiles;
	media = of.media;
	resetTokens = of.resetTokens;
	loginThrottle = of.loginThrottle;
	proofFailures = of.proofFailures;
	rateBuckets = of.rateBuckets;
	auditEvents = of.auditEvents;
	accountTokens = of.accountTokens;
	recoveryCodes = of.recoveryCodes;
	mfaTokens = of.mfaTokens;
	passkeys = of.passkeys;
	webauthnChallenges = of.webauthnChallenges;
	apiTokens = of.apiTokens;
	userIdentities = of.userIdentities;
	oidcFlows = of.oidcFlows;
	oidcHandoffs = of.oidcHandoffs;
}
