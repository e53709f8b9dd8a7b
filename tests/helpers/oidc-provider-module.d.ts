// oidc-provider 9 ships no types; only what tests/helpers/oidc-provider.ts (and its sign-in page) uses.
declare module "oidc-provider" {
	import type { IncomingMessage, ServerResponse } from "node:http";

	type KoaContext = {
		path: string;
		method: string;
		/** Koa's response type and body (the test provider's own sign-in page sets them). */
		type: string;
		body: unknown;
		req: IncomingMessage;
		res: ServerResponse;
		oidc: { client?: { clientId: string }; session?: { accountId?: string }; provider: Provider };
	};
	type Grant = { addOIDCScope(scope: string): void; save(): Promise<string> };

	export default class Provider {
		constructor(issuer: string, configuration: Record<string, unknown>);
		proxy: boolean;
		use(middleware: (ctx: KoaContext, next: () => Promise<void>) => Promise<void>): void;
		callback(): (req: IncomingMessage, res: ServerResponse) => void;
		interactionDetails(
			req: IncomingMessage,
			res: ServerResponse,
		): Promise<{ uid: string; prompt: { name: string }; params: Record<string, unknown> }>;
		interactionFinished(
			req: IncomingMessage,
			res: ServerResponse,
			result: Record<string, unknown>,
			options?: { mergeWithLastSubmission?: boolean },
		): Promise<void>;
		Grant: new (properties: {
			accountId: string;
			clientId: string;
		}) => Grant;
	}
}
