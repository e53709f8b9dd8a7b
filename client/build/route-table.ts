/**
 * The app's routes as the build sees them: each URL pattern with the route modules a visit
 * to it loads (a layout's, then the screen's), read from the `routes` array of
 * client/app.tsx, where each one is `element: screen(() => import("./routes/x.tsx"))`.
 * Used to preload a first screen's chunks (see preload-plan.ts).
 */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import ts from "typescript";

export type RouteEntry = { path: string; modules: string[] };

const joinPath = (parent: string, child: string) =>
	child.startsWith("/") ? child : `${parent.replace(/\/$/, "")}/${child}`.replace(/^\/\//, "/");

/** The first `import("...")` inside an expression: `screen(() => import("./routes/x.tsx"))` -> "./routes/x.tsx" */
function dynamicImportIn(node: ts.Node): string | null {
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
			if (property.name.text === "element") {
				const specifier = dynamicImportIn(value);
				if (specifier) modules = [...modules, resolve(dirname(from), specifier)];
			}
			if (property.name.text === "children" && ts.isArrayLiteralExpression(value)) children = value;
		}
		if (children) entries.push(...routesIn(children, path, modules, from));
		else entries.push({ path, modules });
	}
	return entries;
}

/** Every leaf route of the array literal assigned to `const routes` in `file`. */
export function readRouteTable(file: string): RouteEntry[] {
	const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
	let table: RouteEntry[] = [];
	const visit = (node: ts.Node) => {
		if (
			ts.isVariableDeclaration(node) &&
			ts.isIdentifier(node.name) &&
			node.name.text === "routes" &&
			node.initializer &&
			ts.isArrayLiteralExpression(node.initializer)
		)
			table = routesIn(node.initializer, "/", [], file);
		else ts.forEachChild(node, visit);
	};
	visit(source);
	return table;
}
