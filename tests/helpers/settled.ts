import type { FastifyInstance } from "fastify";

/** Waits for the work done after replies (recovery lookups) and the e-mails it queued. */
export async function settled(app: FastifyInstance): Promise<void> {
	await app.deps.background.idle();
	await app.deps.mailer.idle();
}
