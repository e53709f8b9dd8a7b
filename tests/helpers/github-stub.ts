import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A loopback GitHub (Enterprise Server layout: the web at `/`, the REST API at `/api/v3`)
 * answering as GitHub does, for the tests of GitHub sign-in: its base URL is the real
 * GITHUB_URL setting, and Portico's code talks to it through openid-client as it would to
 * GitHub. The authorize page is replaced by code (the next authorization signs in as
 * `signInAs(user)`); the token endpoint checks the client, the redirect_uri and the PKCE
 * verifier, and a bad or used code is `200 {"error": "bad_verification_code"}`, as GitHub
 * answers; the API checks the bearer token.
 */
export type GithubUser = {
	id: number;
	login: string;
	name?: string | null;
	emails?: { email: string; primary: boolean; verified: boolean }[];
	/** Organisation logins (as GitHub spells them). */
	orgs?: string[];
};

export type GithubStub = {
	/** GITHUB_URL. */
	url: string;
	clientId: string;
	clientSecret: string;
	/** The user the next authorization signs in as. */
	signInAs(user: GithubUser): void;
	/** The access tokens it gave (for the tests that look for secrets where they must not be). */
	accessTokens: string[];
	/** Every request, in order: method, path (without query) and the Accept header. */
	requests: { method: string; path: string; accept: string | undefined }[];
	/**
	 * The next `count` requests to `path` wait until `release()`; `reached` resolves once
	 * they all wait (a gate: the callbacks are in flight together, deterministically).
	 */
	hold(path: string, count: number): { reached: Promise<void>; release: () => void };
	/** The organisations' page size (GitHub's `per_page`, at most 100), to make a list span pages. */
	orgPageSize: number;
	close(): Promise<void>;
};

export type GithubStubOptions = {
	/** The callback registered in the OAuth app (GitHub refuses any other redirect_uri). */
	redirectUri: string;
	clientId?: string;
	clientSecret?: string;
	/** A port chosen beforehand (a GitHub that comes up after the app asked it); any free one otherwise. */
	port?: number;
};

type Grant = { user: GithubUser; redirectUri: string; challenge: string; used: boolean };

export async function startGithubStub(options: GithubStubOptions): Promise<GithubStub> {
	const clientId = options.clientId ?? "Iv1.portico";
	const clientSecret = options.clientSecret ?? randomBytes(20).toString("hex");
	const grants = new Map<string, Grant>();
	const tokens = new Map<string, GithubUser>();
	const holds = new Map<string, { left: number; reached: () => void; released: Promise<void> }>();
	let next: GithubUser | undefined;
	const requests: GithubStub["requests"] = [];
	const accessTokens: string[] = [];
	const stub = { orgPageSize: 100 };

	const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
		res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
		res.end(JSON.stringify(body));
	};
	const bearer = (req: IncomingMessage) => {
		const [scheme, token] = (req.headers.authorization ?? "").split(" ");
		return scheme?.toLowerCase() === "bearer" || scheme?.toLowerCase() === "token"
			? tokens.get(token ?? "")
			: undefined;
	};

	const authorize = (url: URL, res: ServerResponse) => {
		const query = url.searchParams;
		if (query.get("client_id") !== clientId) return json(res, 404, { message: "Not Found" });
		if (query.get("redirect_uri") !== options.redirectUri)
			return json(res, 400, { error: "redirect_uri_mismatch", error_description: "The redirect_uri MUST match" });
		if (query.get("code_challenge_method") !== "S256" || !query.get("code_challenge"))
			return json(res, 400, { error: "invalid_request" });
		if (!next) return json(res, 500, { message: "the test chose no GitHub user" });
		const code = randomBytes(10).toString("hex");
		grants.set(code, {
			user: next,
			redirectUri: options.redirectUri,
			challenge: query.get("code_challenge") ?? "",
			used: false,
		});
		const back = new URL(options.redirectUri);
		back.searchParams.set("code", code);
		if (query.get("state") !== null) back.searchParams.set("state", query.get("state") ?? "");
		res.writeHead(302, { location: back.href });
		res.end();
	};

	const accessToken = (form: URLSearchParams, res: ServerResponse) => {
		if (form.get("client_id") !== clientId || form.get("client_secret") !== clientSecret)
			return json(res, 200, {
				error: "incorrect_client_credentials",
				error_description: "The client_id and/or client_secret passed are incorrect.",
			});
		const grant = grants.get(form.get("code") ?? "");
		const verifier = form.get("code_verifier") ?? "";
		const challenge = createHash("sha256").update(verifier).digest("base64url");
		if (!grant || grant.used || grant.challenge !== challenge) {
			if (grant) grant.used = true;
			return json(res, 200, {
				error: "bad_verification_code",
				error_description: "The code passed is incorrect or expired.",
				error_uri:
					"https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors/#bad-verification-code",
			});
		}
		grant.used = true;
		if (form.get("redirect_uri") !== grant.redirectUri)
			return json(res, 200, { error: "redirect_uri_mismatch", error_description: "The redirect_uri MUST match" });
		const token = `gho_${randomBytes(18).toString("base64url")}`;
		tokens.set(token, grant.user);
		accessTokens.push(token);
		json(res, 200, { access_token: token, token_type: "bearer", scope: "read:org,read:user,user:email" });
	};

	const api = (path: string, url: URL, user: GithubUser, res: ServerResponse) => {
		if (path === "/user") return json(res, 200, { login: user.login, id: user.id, name: user.name ?? null });
		if (path === "/user/emails")
			return json(
				res,
				200,
				(user.emails ?? []).map((one) => ({ ...one, visibility: one.primary ? "private" : null })),
			);
		if (path === "/user/orgs") {
			const size = Math.min(Number(url.searchParams.get("per_page") ?? 30), stub.orgPageSize);
			const page = Number(url.searchParams.get("page") ?? 1);
			const orgs = user.orgs ?? [];
			const slice = orgs.slice((page - 1) * size, page * size).map((login, index) => ({ login, id: 1000 + index }));
			const headers: Record<string, string> = {};
			if (page * size < orgs.length) {
				const nextUrl = new URL(url.href);
				nextUrl.searchParams.set("page", String(page + 1));
				headers.link = `<${nextUrl.href}>; rel="next"`;
			}
			return json(res, 200, slice, headers);
		}
		json(res, 404, { message: "Not Found" });
	};

	const server: Server = createServer(async (req, res) => {
		const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
		requests.push({ method: req.method ?? "", path: url.pathname, accept: req.headers.accept });
		const hold = holds.get(url.pathname);
		if (hold && hold.left > 0) {
			hold.left--;
			if (hold.left === 0) hold.reached();
			await hold.released;
		}
		const chunks: Buffer[] = [];
		for await (const chunk of req) chunks.push(chunk as Buffer);
		if (req.method === "GET" && url.pathname === "/login/oauth/authorize") return authorize(url, res);
		if (req.method === "POST" && url.pathname === "/login/oauth/access_token")
			return accessToken(new URLSearchParams(Buffer.concat(chunks).toString()), res);
		if (url.pathname === "/api/v3" || url.pathname === "/api/v3/")
			return json(res, 200, { current_user_url: `${url.origin}/api/v3/user` });
		if (req.method === "GET" && url.pathname.startsWith("/api/v3/")) {
			const user = bearer(req);
			if (!user) return json(res, 401, { message: "Bad credentials" });
			return api(url.pathname.slice("/api/v3".length), url, user, res);
		}
		json(res, 404, { message: "Not Found" });
	});
	await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
	const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

	return Object.assign(stub, {
		url,
		clientId,
		clientSecret,
		requests,
		accessTokens,
		signInAs(user: GithubUser) {
			next = user;
		},
		hold(path: string, count: number) {
			let reached = () => {};
			let release = () => {};
			const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
			const released = new Promise<void>((resolve) => (release = resolve));
			holds.set(path, { left: count, reached, released });
			return { reached: reachedPromise, release };
		},
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	});
}
