import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import type { TestProject } from "vitest/node";
import { buildApp } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import { migrateDatabase, openDatabase } from "../../server/db/client.ts";
import type { ObservedStatus } from "./observed-statuses.ts";

type Document = { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };

async function openApiDocument(dataDir: string): Promise<Document> {
	const config = loadConfig({ DATA_DIR: dataDir, DATABASE_PATH: ":memory:", LOG_LEVEL: "silent" });
	const db = openDatabase(":memory:");
	await migrateDatabase(db);
	const app = await buildApp({ config, db, logger: false, clientDir: join(dataDir, "no-client") });
	await app.ready();
	const document = app.swagger() as unknown as Document;
	await app.close();
	db.$client.close();
	return document;
}

/** "/api/v1/users/:user_id" as OpenAPI writes it: "/api/v1/users/{user_id}". */
const openApiPath = (route: string) => route.replace(/:(\w+)/g, "{$1}");

/** Every status a test saw on a REST route that the route's OpenAPI operation does not list. */
export function undocumentedStatuses(document: Document, observed: ObservedStatus[]): string[] {
	const missing = new Map<string, string>();
	for (const { method, route, status, testPath } of observed) {
		const operation = document.paths[openApiPath(route)]?.[method.toLowerCase()];
		// Hidden routes (the document itself, Swagger UI) are not part of the API.
		if (!operation) continue;
		if (Object.hasOwn(operation.responses, String(status))) continue;
		const key = `${method} ${openApiPath(route)} -> ${status}`;
		if (!missing.has(key)) missing.set(key, `${key} (seen in ${relative(process.cwd(), testPath)})`);
	}
	return [...missing.values()].sort();
}

/**
 * Global setup of the vitest run: test apps record the statuses they answer (see
 * observed-statuses.ts); at the end, every one of them must be documented in the OpenAPI
 * document of its route, or the run fails.
 */
export default function setup(project: TestProject) {
	const dir = mkdtempSync(join(tmpdir(), "portico-statuses-"));
	project.provide("observedStatusesDir", dir);
	return async () => {
		try {
			const observed = readdirSync(dir).flatMap((file) =>
				readFileSync(join(dir, file), "utf8")
					.split("\n")
					.filter(Boolean)
					.map((line) => JSON.parse(line) as ObservedStatus),
			);
			if (observed.length === 0) return;
			const missing = undocumentedStatuses(await openApiDocument(dir), observed);
			if (missing.length > 0) {
				// Vitest prints a teardown error but would still exit 0: fail the run explicitly.
				process.exitCode = 1;
				throw new Error(
					`Statuses the tests observed that the OpenAPI document does not list:\n  ${missing.join("\n  ")}\n` +
						"Declare the reason in the route's config.reasons (server/rest), or document the answer.",
				);
			}
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	};
}
