// Types of node-version.mjs (plain JavaScript, so that `npm start` can load it on any Node).
export function minimumOf(range: string): [number, number, number];
export function nodeTooOld(version: string, range: string): string | null;
export function exitUnlessNodeIsRecent(packageJsonPath: string): void;
