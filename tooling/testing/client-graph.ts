// The browser's side of the import graph, for the tests that hold it to account: which files are
// "use client" modules, and what each imports for its values (type-only imports vanish from the
// bundle; a dynamic import() is still shipped, as its own chunk). Read with TypeScript's parser.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

export const ROOT = path.resolve(import.meta.dirname, "../..");
const SOURCE_DIRS = ["app", "components", "lib"];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Every product source file (tests and generated code left out). */
export const PRODUCT_FILES = SOURCE_DIRS.flatMap((dir) => sourceFiles(path.join(ROOT, dir)));

/** The "use client" modules (the directive first, after any comments). */
export const CLIENT_MODULES = PRODUCT_FILES.filter((file) =>
  /^\s*(\/\/[^\n]*\n\s*)*["']use client["']/.test(fs.readFileSync(file, "utf8")),
);

/** What `specifier` in `from` names: a file of the repository (absolute), a package (as written), or null. */
export function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/")
    ? path.join(ROOT, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (!base) return specifier;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, "index.ts"),
    path.join(base, "index.tsx"),
  ])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return null;
}

const parsed = new Map<string, string[]>();

/** The specifiers `file` imports for their values (not `import type`, not `{ type X }` alone). */
export function valueImports(file: string): string[] {
  const known = parsed.get(file);
  if (known) return known;
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const specs: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings : null;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause && !clause.name && named && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) specs.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const named = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause : null;
      const typeOnly =
        node.isTypeOnly || (named && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) specs.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      specs.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  parsed.set(file, specs);
  return specs;
}

/** The repository's files that run in the browser: each "use client" module and what it imports. */
export function clientFiles(): string[] {
  const seen = new Set<string>();
  const queue = [...CLIENT_MODULES];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const spec of valueImports(file)) {
      const target = resolveImport(file, spec);
      if (target && path.isAbsolute(target) && !seen.has(target)) queue.push(target);
    }
  }
  return [...seen].sort();
}

/**
 * The files of `entries`' pages that run in the browser: following the imports from the entries
 * (server files), each "use client" module reached and everything it imports.
 */
export function clientFilesOf(entries: string[]): string[] {
  const clientModules = new Set(CLIENT_MODULES);
  const seen = new Set<string>();
  const client = new Set<string>();
  const queue: [file: string, inBrowser: boolean][] = entries.map((file) => [file, false]);
  while (queue.length) {
    const [file, below] = queue.pop()!;
    const inBrowser = below || clientModules.has(file);
    const key = `${inBrowser}:${file}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (inBrowser) client.add(file);
    for (const spec of valueImports(file)) {
      const target = resolveImport(file, spec);
      if (target && path.isAbsolute(target)) queue.push([target, inBrowser]);
    }
  }
  return [...client].sort();
}
