import { randomUUID } from "node:crypto";
import { afterEach } from "vitest";
import { userIdentities } from "../../server/db/schema.ts";
import { finishProviderSignIn } from "../../server/services/sign-in/oidc/callback.ts";
import { startProviderSignIn } from "../../server/services/sign-in/oidc/flow.ts";
import { completeProviderSignIn } from "../../server/services/sign-in/oidc/handoff.ts";
import { buildTestApp, type TestApp } from "./build-test-app.ts";
import { type GithubStub, type GithubUser, startGithubStub } from "./github-stub.ts";
import { throughProvider } from "./oidc-sign-in.ts";
import { META } from "./services.ts";

/** Where the test app (PUBLIC_URL's default) has GitHub send the browser back. */
export const GITHUB_CALLBACK = "http://localhost:3000/api/v1/login/oidc/github/callback";

const stubs: GithubStub[] = [];
/** Call at the top of a test file: the stubs it starts are closed after each test. */
export function closeGithubStubsAfterEach(): void {
	afterEach(async () => {
		await Promise.all(stubs.splice(0).map((stub) => stub.close()));
	});
}

export async function githubStub(port?: number, clientSecret?: string): Promise<GithubStub> {
	const stub = await startGithubStub({ redirectUri: GITHUB_CALLBACK, port, clientSecret });
	stubs.push(stub);
	return stub;
}

/** The settings of GitHub sign-in at `stub` (its API URL derived, as for GitHub Enterprise), with `extra`. */
export const githubEnv = (
	stub: Pick<GithubStub, "url" | "clientId" | "clientSecret">,
	extra: Record<string, string> = {},
) => ({
	GITHUB_CLIENT_ID: stub.clientId,
	GITHUB_CLIENT_SECRET: stub.clientSecret,
	GITHUB_URL: stub.url,
	...extra,
});

export type GithubWorld = TestApp & { gh: GithubStub };

export async function githubWorld(env: Record<string, string> = {}): Promise<GithubWorld> {
	const gh = await githubStub();
	return { ...(await buildTestApp({ env: githubEnv(gh, env) })), gh };
}

/** Start (as the start route does) and go through GitHub as `user`: the callback's query and the browser's binding. */
export async function atGithub(w: GithubWorld, user: GithubUser, returnTo?: string) {
	w.gh.signInAs(user);
	const started = await startProviderSignIn(w.app.deps, "github", returnTo, META);
	return { ...started, query: await throughProvider(started.authorizationUrl, GITHUB_CALLBACK) };
}

/** The whole sign-in: start, GitHub, the callback, then the hand-off from the same browser. */
export async function signInWithGithub(w: GithubWorld, user: GithubUser) {
	const { binding, query } = await atGithub(w, user);
	const handoff = await finishProviderSignIn(w.app.deps, "github", query, binding, META);
	return completeProviderSignIn(w.app.deps, handoff.code, binding, META);
}

/** A GitHub user with one verified primary address. */
export const githubUser = (id: number, login: string, email: string, extra: Partial<GithubUser> = {}): GithubUser => ({
	id,
	login,
	emails: [{ email, primary: true, verified: true }],
	...extra,
});

/** Links GitHub user `id` to the account, as a link from Settings would. */
export async function linkGithub(w: GithubWorld, userId: string, id: number): Promise<void> {
	await w.db.insert(userIdentities).values({
		id: randomUUID(),
		userId,
		provider: "github",
		issuer: w.gh.url,
		subject: String(id),
		emailAtLink: null,
		createdAt: w.now(),
		lastUsedAt: null,
	});
}
