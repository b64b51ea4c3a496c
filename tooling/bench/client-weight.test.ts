// Keeps zod's classic API out of the browser: every page's first load stays under the 200 kB goal
// of the pages benchmark (tooling/bench/pages.ts) only while no client component reaches `zod`
// (about 32 kB compressed). Walks the import graph from each "use client" module, following value
// imports only (type-only imports vanish from the bundle); `zod/mini` is allowed.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const SOURCES = ["app", "components", "lib"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

function resolve(from: string, spec: string): string | null {
  const base = spec.startsWith("@/")
    ? path.join(ROOT, spec.slice(2))
    : spec.startsWith(".")
      ? path.resolve(path.dirname(from), spec)
      : null;
  if (!base) return spec;
  for (const ext of [".ts", ".tsx", "/index.ts", "/index.tsx", ""]) {
    if (existsSync(base + ext) && statSync(base + ext).isFile()) return base + ext;
  }
  return null;
}

const parsed = new Map<string, string[]>();

/** The modules `file` imports for their values (not `import type`, not `{ type X }` alone). */
function valueImports(file: string): string[] {
  const known = parsed.get(file);
  if (known) return known;
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
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

/** The chain of imports from `start` to a module `forbidden` says no to, or null. */
function pathTo(start: string, forbidden: (spec: string) => boolean): string[] | null {
  const parent = new Map<string, string | null>([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const file = queue.shift()!;
    for (const spec of valueImports(file)) {
      const target = resolve(file, spec);
      if (!target || parent.has(target)) continue;
      parent.set(target, file);
      if (forbidden(target)) {
        const chain: string[] = [];
        for (let at: string | null = target; at; at = parent.get(at) ?? null) chain.unshift(path.relative(ROOT, at));
        return chain;
      }
      if (path.isAbsolute(target)) queue.push(target);
    }
  }
  return null;
}

const clientModules = SOURCES.flatMap((dir) => sourceFiles(path.join(ROOT, dir))).filter((file) =>
  /^\s*["']use client["']/.test(readFileSync(file, "utf8")),
);
const isClassicZod = (spec: string) => spec === "zod" || (spec.startsWith("zod/") && spec !== "zod/mini");

describe("what client components ship", () => {
  it("finds the client components", () => {
    expect(clientModules.length).toBeGreaterThan(20);
  });

  it.each(clientModules.map((file) => [path.relative(ROOT, file), file]))("%s does not reach zod", (_name, file) => {
    expect(pathTo(file, isClassicZod)).toBeNull();
  });

  it("would see zod reached through a barrel", () => {
    // The check itself: the contract's barrel holds the schemas, so importing a value from it counts.
    expect(pathTo(path.join(ROOT, "lib/contract/index.ts"), isClassicZod)).toEqual(
      expect.arrayContaining(["lib/contract/index.ts", "zod"]),
    );
  });
});
