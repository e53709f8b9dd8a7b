import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { httpLogin, runCli, SUPERUSER, startServer, tempDir } from "../../helpers/process.ts";

describe("the session-check cache of a running server", () => {
	it("notices at once what another process writes: a change of the user, then the CLI's reset-password", {
		timeout: 120_000,
	}, async () => {
		const dataDir = tempDir();
		const server = await startServer(dataDir);
		const login = await httpLogin(server.url, SUPERUSER.email, SUPERUSER.password);
		const { access_token } = (await login.json()) as { access_token: string };
		const me = () => fetch(`${server.url}/api/v1/users/me`, { headers: { authorization: `Bearer ${access_token}` } });
		const trpcMe = () => fetch(`${server.url}/trpc/users.me`, { headers: { authorization: `Bearer ${access_token}` } });
		// Warm: the session is remembered after its first use.
		for (let i = 0; i < 3; i++) expect((await me()).status).toBe(200);
		expect((await trpcMe()).status).toBe(200);

		// A second connection, as the CLI or a script opens one, renames the user.
		const other = new Database(join(dataDir, "app.db"));
		try {
			other.prepare("UPDATE users SET full_name = 'Renamed Elsewhere' WHERE email = ?").run(SUPERUSER.email);
		} finally {
			other.close();
		}
		expect(await (await me()).json()).toMatchObject({ full_name: "Renamed Elsewhere" });
		const viaTrpc = (await (await trpcMe()).json()) as { result: { data: { full_name: string } } };
		expect(viaTrpc.result.data.full_name).toBe("Renamed Elsewhere");

		const reset = await runCli(["reset-password", "--email", SUPERUSER.email, "--password", "set-at-the-cli-1"], {
			DATA_DIR: dataDir,
		});
		expect(reset.code, reset.stderr).toBe(0);
		// The very next request, REST and tRPC alike.
		expect((await me()).status).toBe(401);
		expect((await trpcMe()).status).toBe(401);
	});
});
