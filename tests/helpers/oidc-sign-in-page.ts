import type { IncomingMessage, ServerResponse } from "node:http";
import type Provider from "oidc-provider";
import type { OidcAccount } from "./oidc-provider.ts";

/** The part of oidc-provider's Koa context the page uses. */
type PageContext = { method: string; req: IncomingMessage; res: ServerResponse; type: string; body: unknown };

const MAX_BODY = 4096;

/**
 * The test provider's own sign-in page, as minimal as a provider's page can be: an e-mail
 * field and a button; the account is that address, verified (`sub` = "sub-" + the address).
 * Served at the interaction's URL (GET), answered there (POST): oidc-provider then goes on
 * with the authorization as after any sign-in.
 */
export async function signInPage(
	provider: Provider,
	ctx: PageContext,
	remember: (sub: string, claims: OidcAccount) => void,
): Promise<void> {
	const details = await provider.interactionDetails(ctx.req, ctx.res);
	if (ctx.method !== "POST") {
		ctx.type = "html";
		ctx.body = page(details.uid);
		return;
	}
	const form = new URLSearchParams(await readBody(ctx.req));
	const email = (form.get("email") ?? "").trim().toLowerCase();
	const sub = `sub-${email}`;
	remember(sub, { email, email_verified: true, name: email.split("@")[0] });
	await provider.interactionFinished(
		ctx.req,
		ctx.res,
		{ login: { accountId: sub } },
		{ mergeWithLastSubmission: false },
	);
}

const page = (uid: string) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Test provider</title></head>
<body>
<main>
<h1>Test provider</h1>
<form method="post" action="/interaction/${encodeURIComponent(uid)}">
<label>E-mail <input name="email" type="email" autocomplete="off" required></label>
<button type="submit">Sign in</button>
</form>
</main>
</body>
</html>`;

async function readBody(request: IncomingMessage): Promise<string> {
	let body = "";
	for await (const chunk of request) {
		body += String(chunk);
		if (body.length > MAX_BODY) throw new Error("sign-in form too large");
	}
	return body;
}
