import { execFileSync, spawn, spawnSync } from "node:child_process";
import {
	cpSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	realpathSync,
	renameSync,
	rmSync,
	statSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { minimumOf } from "../../../server/node-version.mjs";
import { execForm, only, parseDockerfile, runCommands, type Stage, stageEnv } from "../../helpers/dockerfile.ts";
import { freePort } from "../../helpers/free-port.ts";
import { makePng } from "../../helpers/images.ts";
import { ROOT } from "../../helpers/process.ts";

/**
 * There is no Docker engine on CI, so this does what the Dockerfile says without it: the
 * build stage's steps over a copy of the build context (its own client build, server
 * bundle and `npm prune --omit=dev`), then the runtime stage's tree from its
 * COPY --from=build lines, then its CMD with its ENV, as the container would run it.
 * Everything is read from the Dockerfile, so the test follows the file. It builds the
 * client, so it runs on its own: `npm run test:image`.
 */
const enabled = process.env.PORTICO_IMAGE_TEST === "1";
const APP = "/app";
const SUPERUSER_PASSWORD = "image-admin-password";

// Removed once at the end, with time to spare: the trees hold a whole node_modules.
const dirs: string[] = [];
const tempDir = (prefix: string) => {
	const dir = mkdtempSync(join(tmpdir(), prefix));
	dirs.push(dir);
	return dir;
};
afterAll(() => {
	for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}, 120_000);

const packageJson = () => JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { engines: { node: string } };

const phase = (name: string, since: number) =>
	console.log(`image test: ${name} took ${((performance.now() - since) / 1000).toFixed(1)} s`);

/** `.dockerignore` entries are paths from the context's root; patterns are not used, so they are refused. */
function dockerIgnored(): (path: string) => boolean {
	const entries = readFileSync(join(ROOT, ".dockerignore"), "utf8")
		.split("\n")
		.map((line) => line.trim().replace(/\/+$/, ""))
		.filter((line) => line !== "" && !line.startsWith("#"));
	for (const entry of entries)
		if (/[*?[!]/.test(entry)) throw new Error(`.dockerignore pattern not understood by this test: ${entry}`);
	return (path) => entries.some((entry) => path === entry || path.startsWith(`${entry}/`));
}

/** `/app/x` in the image -> `<dir>/x`. */
function local(dir: string, imagePath: string, workdir = APP): string {
	const absolute = imagePath.startsWith("/") ? imagePath : join(workdir, imagePath);
	if (absolute !== APP && !absolute.startsWith(`${APP}/`)) throw new Error(`path outside ${APP}: ${imagePath}`);
	return join(dir, relative(APP, absolute));
}

/** `cp -a`: keeps the relative symlinks of node_modules/.bin as they are. */
const copy = (from: string, to: string) => {
	mkdirSync(dirname(to), { recursive: true });
	execFileSync("cp", ["-a", from, to]);
};

/** The build stage sets no NODE_ENV; vitest's `test` would make Vite build React's development bundle. */
const buildEnv = () =>
	Object.fromEntries(
		Object.entries(process.env).filter(([name]) => name !== "NODE_ENV" && !/^(VITEST|TEST)/.test(name)),
	);

/** Runs the build stage's steps in a copy of the build context; returns that directory. */
function runBuildStage(stage: Stage): string {
	const dir = tempDir("portico-image-build-");
	expect(only(stage, "WORKDIR").map((i) => i.args[0])).toEqual([APP]);
	let contextCopied = false;
	for (const instruction of stage.instructions) {
		if (instruction.keyword === "COPY") {
			if (instruction.args.join(" ") === ". .") {
				const ignored = dockerIgnored();
				cpSync(ROOT, dir, { recursive: true, filter: (src) => !ignored(relative(ROOT, src)) });
				contextCopied = true;
			} else {
				// Files copied ahead of `npm ci` (for the layer cache); `COPY . .` brings them too.
				expect(instruction.args.slice(0, -1).every((file) => existsSync(join(ROOT, file)))).toBe(true);
			}
			continue;
		}
		if (instruction.keyword !== "RUN") continue;
		for (const command of runCommands(instruction)) {
			if (/^(apt-get|rm -rf \/var\/lib\/apt\/lists)/.test(command)) continue; // the C++ toolchain: already here
			if (/^npm ci\b/.test(command)) {
				// The checkout's node_modules is what `npm ci` makes from the same lock file (CI runs
				// exactly that); copied, so that the steps below can prune it as the image build does.
				copy(realpathSync(join(ROOT, "node_modules")), join(dir, "node_modules"));
				continue;
			}
			if (!/^npm (run [\w:-]+|prune --omit=dev)$/.test(command))
				throw new Error(`this test does not know how to run: ${command}`);
			expect(contextCopied).toBe(true);
			execFileSync("sh", ["-c", command], { cwd: dir, stdio: "pipe", env: buildEnv() });
		}
	}
	return dir;
}

/** Assembles the runtime stage's tree: what its COPY --from=build lines take from the build directory. */
function assembleRuntime(stage: Stage, buildDir: string): string {
	const dir = tempDir("portico-image-app-");
	const workdir = only(stage, "WORKDIR").at(-1)?.args[0];
	expect(workdir).toBe(APP);
	for (const instruction of only(stage, "COPY")) {
		expect(instruction.flags.from).toBe("build");
		const sources = instruction.args.slice(0, -1);
		const target = instruction.args.at(-1) as string;
		for (const source of sources) {
			const from = local(buildDir, source);
			if (!existsSync(from)) throw new Error(`COPY --from=build ${source}: the build stage made no such path`);
			const to = target.endsWith("/") ? join(local(dir, target), basename(source)) : local(dir, target);
			// Moved, not copied: the build directory is thrown away, and node_modules is large.
			mkdirSync(dirname(to), { recursive: true });
			renameSync(from, to);
		}
	}
	return dir;
}

/** Installed packages that the lock file marks as dev dependencies (none may reach the image). */
function devPackagesIn(dir: string): string[] {
	const lock = JSON.parse(readFileSync(join(dir, "package-lock.json"), "utf8")) as {
		packages: Record<string, { dev?: boolean }>;
	};
	return Object.entries(lock.packages)
		.filter(([path, info]) => path !== "" && info.dev === true && existsSync(join(dir, path)))
		.map(([path]) => path);
}

/** Every path under `dir` but node_modules, with its mtime: starting must not build or change anything. */
function treeSnapshot(dir: string, under = ""): string[] {
	return readdirSync(join(dir, under), { withFileTypes: true }).flatMap((entry) => {
		const path = join(under, entry.name);
		if (path === "node_modules") return [];
		if (entry.isDirectory()) return treeSnapshot(dir, path);
		return [`${path} ${statSync(join(dir, path)).mtimeMs}`];
	});
}

describe.runIf(enabled)("the Docker image's runtime, assembled from the Dockerfile (npm run test:image)", () => {
	it("starts with production dependencies only, builds nothing, answers health and login, stops on SIGTERM", {
		timeout: 300_000,
	}, async () => {
		const stages = parseDockerfile(join(ROOT, "Dockerfile"));
		const build = stages.find((stage) => stage.name === "build");
		const runtime = stages.at(-1);
		if (!build || !runtime || runtime === build)
			throw new Error("expected a `build` stage and a runtime stage after it");

		// Every stage on one Node.js major, one that package.json's engines accept; the CMD runs
		// below on the Node running this test, so that must be the image's major too.
		const majors = new Set(stages.map((stage) => /^node:(\d+)-/.exec(stage.base)?.[1]));
		expect([...majors], "the stages' base images").toHaveLength(1);
		const major = Number([...majors][0]);
		expect(major).toBeGreaterThanOrEqual(minimumOf(packageJson().engines.node)[0]);
		expect(process.versions.node.split(".")[0], `the image runs Node ${major}: run this test on it`).toBe(
			String(major),
		);

		// What the image promises around the process: tini forwarding signals to the whole group, not root, a data volume.
		expect(execForm(only(runtime, "ENTRYPOINT")[0]?.text ?? "")).toEqual(["/usr/bin/tini", "-g", "--"]);
		expect(only(runtime, "USER").map((i) => i.args[0])).toEqual(["node"]);
		expect(only(runtime, "VOLUME")[0]?.text).toContain('"/app/data"');
		const env = stageEnv(runtime);
		expect(env).toMatchObject({ NODE_ENV: "production", HOST: "0.0.0.0", DATA_DIR: "/app/data" });

		let since = performance.now();
		const buildDir = runBuildStage(build);
		phase("the build stage", since);
		since = performance.now();
		const appDir = assembleRuntime(runtime, buildDir);
		phase("the runtime tree", since);
		expect(existsSync(join(appDir, "node_modules/fastify"))).toBe(true);
		expect(devPackagesIn(appDir)).toEqual([]);
		const before = treeSnapshot(appDir);
		// The image ships the bundle, not the sources it was built from.
		expect(before.filter((line) => /\.tsx? /.test(line))).toEqual([]);

		const port = await freePort();
		const dataDir = join(tempDir("portico-image-data-"), "data");
		const childEnv = {
			...env,
			PATH: `${dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`,
			HOME: tempDir("portico-image-home-"),
			PORT: String(port),
			DATA_DIR: dataDir,
			FIRST_SUPERUSER_PASSWORD: SUPERUSER_PASSWORD,
		};
		const [command, ...args] = execForm(only(runtime, "CMD")[0]?.text ?? "");
		const started = performance.now();
		// Its own process group, which is what `tini -g` signals.
		const child = spawn(command as string, args, {
			cwd: appDir,
			env: childEnv,
			detached: true,
			stdio: ["ignore", "pipe", "pipe"],
		});
		let output = "";
		child.stdout.on("data", (chunk) => {
			output += chunk;
		});
		child.stderr.on("data", (chunk) => {
			output += chunk;
		});
		const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
			child.once("exit", (code, signal) => resolve({ code, signal })),
		);
		let exit: { code: number | null; signal: string | null } | null = null;
		void exited.then((value) => {
			exit = value;
		});
		const url = `http://127.0.0.1:${port}`;
		try {
			let healthy = false;
			while (!healthy) {
				if (exit) throw new Error(`the image's CMD exited (${JSON.stringify(exit)}):\n${output}`);
				if (performance.now() - started > 20_000) throw new Error(`not answering after 20 s:\n${output}`);
				healthy = await fetch(`${url}/api/v1/utils/health-check/`).then(
					(res) => res.ok,
					() => false,
				);
				if (!healthy) await new Promise((resolve) => setTimeout(resolve, 25));
			}
			phase("spawn to first answer", started);

			const login = await fetch(`${url}/api/v1/login/access-token`, {
				method: "POST",
				headers: { "content-type": "application/x-www-form-urlencoded" },
				body: new URLSearchParams({ username: "admin@example.com", password: SUPERUSER_PASSWORD }),
			});
			expect(login.status).toBe(200);
			const { access_token } = (await login.json()) as { access_token: string };
			const auth = { authorization: `Bearer ${access_token}` };
			const me = (await (await fetch(`${url}/api/v1/users/me`, { headers: auth })).json()) as { id: string };
			expect(me).toMatchObject({ email: "admin@example.com", is_superuser: true });
			// sharp's native part came with the production dependencies: an upload is re-encoded.
			const form = new FormData();
			form.append("entity_type", "user");
			form.append("entity_id", me.id);
			form.append("file", new Blob([await makePng()], { type: "image/png" }), "me.png");
			const upload = await fetch(`${url}/api/v1/media/upload`, { method: "POST", headers: auth, body: form });
			expect(upload.status).toBe(200);
			// The API documentation (Swagger UI's files come from node_modules) and the client's texts.
			for (const path of ["/api/v1/openapi.json", "/api/v1/docs/static/index.html", "/locales/fr/translation.json"])
				expect((await fetch(`${url}${path}`)).status, path).toBe(200);
			// The built client is served.
			const page = await fetch(`${url}/login`, { headers: { accept: "text/html" } });
			expect(page.status).toBe(200);
			expect(await page.text()).toContain('<div id="root">');

			// The operator's commands run in the image too (no tsx, no sources), beside the running server.
			const cli = spawnSync(
				process.execPath,
				["server/dist/cli.mjs", "create-superuser", "--email", "cli@example.com", "--password", SUPERUSER_PASSWORD],
				{ cwd: appDir, env: childEnv, timeout: 30_000, encoding: "utf8" },
			);
			expect(cli.status, `${cli.stdout}${cli.stderr}`).toBe(0);
			const cliLogin = await fetch(`${url}/api/v1/login/access-token`, {
				method: "POST",
				headers: { "content-type": "application/x-www-form-urlencoded" },
				body: new URLSearchParams({ username: "cli@example.com", password: SUPERUSER_PASSWORD }),
			});
			expect(cliLogin.status).toBe(200);

			// The image's own HEALTHCHECK command, with the container's environment.
			const healthcheck = only(runtime, "HEALTHCHECK")[0]?.text ?? "";
			const [probe, ...probeArgs] = execForm(healthcheck.slice(healthcheck.indexOf("CMD")));
			const probed = spawnSync(probe as string, probeArgs, { cwd: appDir, env: childEnv, timeout: 10_000 });
			expect(probed.status).toBe(0);

			process.kill(-(child.pid as number), "SIGTERM");
			expect(await exited).toEqual({ code: 0, signal: null });
		} finally {
			if (!exit) process.kill(-(child.pid as number), "SIGKILL");
		}
		expect(treeSnapshot(appDir)).toEqual(before);
		expect(existsSync(join(dataDir, "app.db"))).toBe(true);
	});
});
