/**
 * The part of Node's built-in `node:sqlite` (Node 22.5+) that e2e/server-db.ts uses: the
 * project's @types/node is for Node 20, the oldest runtime it supports, and has no types for it.
 */
declare module "node:sqlite" {
	type Value = null | number | bigint | string | Uint8Array;
	export class StatementSync {
		run(...parameters: Value[]): { changes: number | bigint; lastInsertRowid: number | bigint };
	}
	export class DatabaseSync {
		constructor(path: string, options?: { timeout?: number });
		prepare(sql: string): StatementSync;
		close(): void;
	}
}
