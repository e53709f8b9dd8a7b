/**
 * The app's routes as the build sees them: each URL pattern with the lazy route modules a
 * visit to it loads (a layout's, then the screen's), read from the `createBrowserRouter([...])`
 * call in client/app.tsx. Used to preload a first screen's chunks (see preload-plan.ts).
 */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import ts from "typescript";

export type RouteEntry = { path: string; modules: string[] };

const joinPath = (parent: string, child: string) =>
	child.startsWith("/") ? child : `${parent.replace(/\/$/, "")}/${child}`.replace(/^\/\//, "/");

/** `() => import("./routes/x.tsx")` -> "./routes/x.tsx" */
function lazyImport(node: ts.Expression): string | null {
	if (!ts.isArrowFunction(node) && !ts.isFunctionExpression(node)) return null;
	let found: string | null = null;
	const visit = (child: ts.Node) => {
		if (
			ts.isCallExpression(child) &&
			child.expression.kind === ts.SyntaxKind.ImportKeyword &&
			child.arguments[0] &&
			ts.isStringLiteralLike(child.arguments[0])
		)
			found ??= child.arguments[0].text;
		ts.forEachChild(child, visit);
	};
	visit(node);
	return found;
}

function routesIn(list: ts.ArrayLiteralExpression, parentPath: string, parentModules: string[], from: string) {
	const entries: RouteEntry[] = [];
	for (const element of list.elements) {
		if (!ts.isObjectLiteralExpression(element)) continue;
		let path = parentPath;
		let modules = parentModules;
		let children: ts.ArrayLiteralExpression | null = null;
		for (const property of element.properties) {
			if (!ts.isPropertyAssignment(property) || !ts.isIdentifier(property.name)) continue;
			const value = property.initializer;
			if (property.name.text === "path" && ts.isStringLiteralLike(value)) path = joinPath(parentPath, value.text);
			if (property.name.text === "lazy") {
				const specifier = lazyImport(value);
				if (specifier) modules = [...modules, resolve(dirname(from), specifier)];
			}
			if (property.name.text === "children" && ts.isArrayLiteralExpression(value)) children = value;
		}
		if (children) entries.push(...routesIn(children, path, modules, from));
		else entries.push({ path, modules });
	}
	return entries;
}

/** Every leaf route of the first `createBrowserRouter([...])` in `file`. */
export function readRouteTable(file: string): RouteEntry[] {
	const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
	let table: RouteEntry[] = [];
	const visit = (node: ts.Node) => {
		if (
			ts.isCallExpression(node) &&
			ts.isIdentifier(node.expression) &&
			node.expression.text === "createBrowserRouter" &&
			node.arguments[0] &&
			ts.isArrayLiteralExpression(node.arguments[0])
		)
			table = routesIn(node.arguments[0], "/", [], file);
		else ts.forEachChild(node, visit);
	};
	visit(source);
	return table;
}
