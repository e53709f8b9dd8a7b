import { describe, expect, it } from "vitest";
import { call, healthy, login, sharedSetup, spawnInstance, sql } from "../../../helpers/instances.ts";
import { freshDatabase } from "../../../helpers/postgres.ts";
import { previousRelease, unpackRelease } from "../../../helpers/previous-release.ts";
import { SUPERUSER } from "../../../helpers/process.ts";

const previous = previousRelease();

/**
 * A rolling upgrade runs release N-1 beside N on N's schema until every instance is
 * replaced (docs/guides/several-instances.md, "Upgrades"). This drives the previous
 * release's server, started on a database this tree migrated, through the REST checks a
 * client of N-1 relies on, with this tree's server beside it reading what it wrote.
 */
describe.skipIf("why" in previous)(
	`the previous release on this tree's schema (${"why" in previous ? previous.why : previous.revision.slice(0, 12)})`,
	() => {
		it("serves login, users/me, a profile edit, sign-up, the admin list, refresh and logout, beside this release", {
			timeout: 120_000,
		}, async () => {
			if ("why" in previous) return;
			const shared = sharedSetup(await freshDatabase("migrated"));
			const released = unpackRelease(previous.revision);
			const [old, current] = await Promise.all([
				spawnInstance(shared, {}, { cwd: released, args: ["--import", "tsx", "server/main.ts"] }).then((s) =>
					healthy(s, 60_000),
				),
				spawnInstance(shared).then((s) => healthy(s, 60_000)),
			]);

			const db = await sql(shared.databaseUrl);
			const applied = (await db.query("select count(*)::int as n from drizzle.__drizzle_migrations")).rows[0].n;
			const checks: string[] = [];
			const check = async (what: string, answer: ReturnType<typeof call>, status = 200) => {
				const { status: got, json } = await answer;
				expect(got, `${what}: ${JSON.stringify(json)}`).toBe(status);
				checks.push(`${what} ${got}`);
				return json;
			};

			const admin = (await login(old.url, SUPERUSER.email, SUPERUSER.password)).access_token;
			await check(
				"sign-up",
				call(old.url, "POST", "/users/signup", {
					body: { email: "ada@example.com", password: "ada-password-1", full_name: "Ada" },
				}),
			);
			const ada = await login(old.url, "ada@example.com", "ada-password-1");
			expect(await check("users/me", call(old.url, "GET", "/users/me", { token: ada.access_token }))).toMatchObject({
				email: "ada@example.com",
				full_name: "Ada",
			});
			await check(
				"update me",
				call(old.url, "PATCH", "/users/me", { token: ada.access_token, body: { full_name: "Ada King" } }),
			);
			const list = await check("admin list", call(old.url, "GET", "/users/?q=king", { token: admin }));
			expect(list).toMatchObject({ count: 1, data: [{ email: "ada@example.com", full_name: "Ada King" }] });
			// What N-1 wrote, N reads; a session N-1 opened, N honours.
			expect((await call(current.url, "GET", "/users/me", { token: ada.access_token })).json).toMatchObject({
				full_name: "Ada King",
			});
			const rotated = await check(
				"refresh",
				call(old.url, "POST", "/login/refresh-token", { body: { refresh_token: ada.refresh_token } }),
			);
			await check("logout", call(old.url, "POST", "/login/logout", { token: rotated.access_token }));
			await check("after logout, on N", call(current.url, "GET", "/users/me", { token: rotated.access_token }), 401);
			console.log(
				`previous release ${previous.revision.slice(0, 12)} on this tree's schema (${applied} migrations): ${checks.join(", ")}`,
			);
		});
	},
);
