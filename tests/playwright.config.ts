import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";
import { e2eDatabaseUrl } from "./e2e/postgres-cluster.ts";
import { freePort } from "./helpers/free-port.ts";

// A port nobody holds, chosen once by the runner (workers inherit the variable).
process.env.E2E_PORT ??= String(await freePort());
export const E2E_PORT = Number(process.env.E2E_PORT);
/**
 * Where the browser opens each server, and its PUBLIC_URL: one origin, as WebAuthn checks
 * the page's origin against the relying party's, and its id must be a host name
 * (localhost), not an IP address.
 */
export const e2eUrl = (port: number) => `http://localhost:${port}`;
export const E2E_ADMIN = { email: "admin@example.com", password: "e2e-admin-password-1" };

/**
 * The OpenID provider the app's login screen offers ("Company"): its own process on
 * 127.0.0.1 (tests/e2e/oidc-provider-process.ts), its port chosen like the app's. Addresses
 * at example.com (every spec's users) may be linked to by e-mail.
 */
process.env.E2E_OIDC_PORT ??= String(await freePort());
export const E2E_OIDC = {
	id: "company",
	name: "Company",
	issuer: `http://127.0.0.1:${process.env.E2E_OIDC_PORT}`,
	clientId: "portico-e2e",
	clientSecret: "portico-e2e-client-secret",
	allowedDomain: "example.com",
};

// The runner loads this file first and its workers inherit the variable: one fresh data dir per run.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "portico-e2e-"));
const dataDir = process.env.E2E_DATA_DIR;
mkdirSync(dataDir, { recursive: true });
const root = fileURLToPath(new URL("..", import.meta.url));

// E2E_POSTGRES=1 (`npm run test:e2e`, for the project "postgres"): the server runs on a
// throwaway PostgreSQL cluster that the runner starts once (its workers inherit the URL).
if (process.env.E2E_POSTGRES === "1") process.env.E2E_DATABASE_URL ??= await e2eDatabaseUrl();
const onPostgres: Record<string, string> = process.env.E2E_DATABASE_URL
	? // PostgreSQL needs SECRET_KEY (the key is shared by every instance; a throwaway one here).
		{ DATABASE_URL: process.env.E2E_DATABASE_URL, SECRET_KEY: "e2".repeat(32) }
	: {};

function appServer({ port, dataDir, env = {} }: { port: number; dataDir: string; env?: Record<string, string> }) {
	return {
		command: "npm start",
		cwd: root,
		url: `http://127.0.0.1:${port}/api/v1/utils/health-check/`,
		reuseExistingServer: false,
		timeout: 60_000,
		stdout: "ignore" as const,
		stderr: "pipe" as const,
		env: {
			PORT: String(port),
			HOST: "127.0.0.1",
			DATA_DIR: dataDir,
			PUBLIC_URL: e2eUrl(port),
			TRUST_PROXY: "1",
			FIRST_SUPERUSER_EMAIL: E2E_ADMIN.email,
			FIRST_SUPERUSER_PASSWORD: E2E_ADMIN.password,
			LOG_LEVEL: "warn",
			OIDC_PROVIDERS: E2E_OIDC.id,
			OIDC_COMPANY_NAME: E2E_OIDC.name,
			OIDC_COMPANY_ISSUER: E2E_OIDC.issuer,
			OIDC_COMPANY_CLIENT_ID: E2E_OIDC.clientId,
			OIDC_COMPANY_CLIENT_SECRET: E2E_OIDC.clientSecret,
			OIDC_COMPANY_ALLOWED_DOMAINS: E2E_OIDC.allowedDomain,
			...env,
		},
	};
}

function oidcProvider() {
	return {
		command: "npx tsx tests/e2e/oidc-provider-process.ts",
		cwd: root,
		url: `${E2E_OIDC.issuer}/.well-known/openid-configuration`,
		reuseExistingServer: false,
		timeout: 60_000,
		stdout: "ignore" as const,
		stderr: "pipe" as const,
		env: {
			OIDC_E2E_PORT: process.env.E2E_OIDC_PORT ?? "",
			OIDC_E2E_REDIRECT_URI: `${e2eUrl(E2E_PORT)}/api/v1/login/oidc/${E2E_OIDC.id}/callback`,
			OIDC_E2E_CLIENT_ID: E2E_OIDC.clientId,
			OIDC_E2E_CLIENT_SECRET: E2E_OIDC.clientSecret,
		},
	};
}

export default defineConfig({
	testDir: "./e2e",
	outputDir: "../test-results",
	fullyParallel: true,
	workers: 2,
	// No spec waits on a real back-off or window (a new client address meets no back-off; the
	// server's database is written to age a sign-in: tests/e2e/server-db.ts). One retry stays for
	// what a shared machine may still do; the list reporter names every test that needed it ("flaky").
	retries: 1,
	// Budgets for a shared CI machine (2 cores at load 10-15 runs a test 2-3x slower than a quiet
	// one): an axe scan alone can take several seconds there.
	timeout: 90_000,
	expect: { timeout: 15_000 },
	reporter: [["list"]],
	use: {
		baseURL: e2eUrl(E2E_PORT),
		trace: "retain-on-failure",
		launchOptions: {
			executablePath: "/usr/bin/chromium",
			args: [
				"--no-sandbox",
				"--disable-gpu",
				"--disable-quic",
				"--no-first-run",
				"--disable-background-networking",
				"--disable-component-update",
				"--disable-sync",
			],
		},
	},
	// A test tagged @quiet measures time on the machine (Fast 3G): `npm run test:e2e` runs the
	// project "quiet" after "screens" has finished, so no second browser shares the cores with
	// it. (Not a project dependency: that would run every screen test to try one quiet file.)
	// The quiet run writes its own folder: Playwright empties a run's output folder first, and
	// the traces of the screens run's failed attempts must outlive it.
	// The project "postgres" is a smoke run of a few screens on PostgreSQL (postgres-smoke.spec.ts):
	// `npm run test:e2e` runs it last, with E2E_POSTGRES=1, its own server on its own cluster.
	projects: [
		{ name: "screens", grepInvert: /@quiet/, testIgnore: /postgres-smoke/ },
		{ name: "quiet", grep: /@quiet/, testIgnore: /postgres-smoke/, outputDir: "../test-results/quiet" },
		{ name: "postgres", testMatch: /postgres-smoke\.spec\.ts/, outputDir: "../test-results/postgres" },
	],
	// `npm start` itself (bundles the server, runs plain node) against
	// the build `npm run test:e2e` made.
	webServer: [oidcProvider(), appServer({ port: E2E_PORT, dataDir, env: onPostgres })],
});
