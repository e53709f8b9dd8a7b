import pg from "pg";
import { afterEach, expect, it } from "vitest";
import { buildTestApp } from "../../helpers/build-test-app.ts";
import { describeOnPostgres } from "../../helpers/engine.ts";
import { loginForm } from "../../helpers/http.ts";
import { seedUser } from "../../helpers/users.ts";

/**
 * On PostgreSQL each statement is a round trip, and a login's count of them is what it costs
 * beyond SQLite's (docs/guides/speed.md). Its write transaction: BEGIN with the writer's lock
 * in one round trip, the account re-read, the back-off cleared, the session written in the
 * same transaction (no savepoint of its own), the audit row, COMMIT.
 */
describeOnPostgres("a password login's transaction on PostgreSQL", () => {
	const original = pg.Client.prototype.query;
	afterEach(() => {
		pg.Client.prototype.query = original;
	});

	it("is seven round trips: begin with the lock, 5 statements, commit", async () => {
		const { app } = await buildTestApp();
		const user = await seedUser(app);
		const byClient = new Map<pg.Client, string[]>();
		pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
			const first = args[0] as string | { text: string };
			const text = typeof first === "string" ? first : first.text;
			byClient.set(this, [...(byClient.get(this) ?? []), text.split(" ").slice(0, 3).join(" ")]);
			return (original as (...a: unknown[]) => unknown).apply(this, args);
		} as typeof original;
		expect((await loginForm(app, user.email, user.password)).statusCode).toBe(200);
		pg.Client.prototype.query = original;
		// The pooled client that wrote the session, from its last BEGIN before that to the COMMIT after.
		const statements = [...byClient.values()].find((texts) => texts.includes('insert into "sessions"')) ?? [];
		const written = statements.indexOf('insert into "sessions"');
		const begin = statements.findLastIndex((text, index) => index < written && text.startsWith("begin"));
		const transaction = statements.slice(begin, statements.indexOf("commit", written) + 1);
		expect(transaction).toEqual([
			"begin; select pg_advisory_xact_lock(31647734761612143)",
			'select "id", "email",',
			'select "account_key" from',
			'delete from "sessions"',
			'insert into "sessions"',
			'insert into "audit_events"',
			"commit",
		]);
	});
});
