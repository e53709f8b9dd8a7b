import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach } from "vitest";
import { auditEvents, userIdentities } from "../../server/db/schema.ts";
import { finishProviderSignIn } from "../../server/services/sign-in/oidc/callback.ts";
import { completeProviderSignIn } from "../../server/services/sign-in/oidc/handoff.ts";
import { buildTestApp, type TestApp } from "./build-test-app.ts";
import { type OidcAccount, startOidcProvider, type TestOidcProvider } from "./oidc-provider.ts";
import { COMPANY_CALLBACK, companyEnv, signInAtProvider } from "./oidc-sign-in.ts";
import { META } from "./services.ts";

/** The test app with one provider `company` (a real oidc-provider on loopback), closed after the test. */
export type OidcWorld = TestApp & { op: TestOidcProvider };

const started: TestOidcProvider[] = [];
afterEach(async () => {
	await Promise.all(started.splice(0).map((provider) => provider.close()));
});

/**
 * `env` are the provider's own variables (without `OIDC_COMPANY_`); ALLOWED_DOMAINS is
 * company.com unless given. `appEnv` are the app's other settings.
 */
export async function oidcWorld(
	env: Record<string, string> = {},
	appEnv: Record<string, string> = {},
): Promise<OidcWorld> {
	const op = await startOidcProvider({ redirectUri: COMPANY_CALLBACK });
	started.push(op);
	const test = await buildTestApp({
		env: { ...companyEnv(op, { ALLOWED_DOMAINS: "company.com", ...env }), ...appEnv },
	});
	return { ...test, op };
}

/** The identity `sub` of the world's provider, linked to the account as a link from Settings would. */
export async function linkIdentity(w: OidcWorld, userId: string, sub: string): Promise<void> {
	await w.db.insert(userIdentities).values({
		id: randomUUID(),
		userId,
		provider: "company",
		issuer: w.op.issuer,
		subject: sub,
		emailAtLink: null,
		createdAt: w.now(),
		lastUsedAt: null,
	});
}

/** The whole sign-in through the provider: start, the provider, the callback, the hand-off from the same browser. */
export async function providerSignIn(w: OidcWorld, sub: string, claims?: OidcAccount) {
	w.op.signInAs(sub, claims);
	const { binding, query } = await signInAtProvider(w);
	const handoff = await finishProviderSignIn(w.app.deps, "company", query, binding, META);
	return completeProviderSignIn(w.app.deps, handoff.code, binding, META);
}

/** The last audit row of an action: its subject and details. */
export async function lastAudit(w: TestApp, action: string) {
	const rows = await w.db.select().from(auditEvents).where(eq(auditEvents.action, action));
	const row = rows.at(-1);
	return row && { subjectId: row.subjectId, details: JSON.parse(row.details) as Record<string, unknown> };
}
