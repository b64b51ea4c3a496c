// Which catalog keys the product's code names (not shipped code: the catalogs' tests read it). A key
// is named when a file says it, whole or after a namespace it opened (`useTranslations("header")`
// then `t("signOut")`); a template literal (`sections.${key}.label`) covers the keys it can spell.
// The browser's share is the files a "use client" module imports, directly or not: the keys those
// name are the ones the client provider must carry (lib/i18n/client-messages.ts).
import fs from "node:fs";
import path from "node:path";

export type Tree = { [key: string]: string | Tree };

export function leaves(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(full, value);
    else for (const [k, v] of leaves(value, full)) out.set(k, v);
  }
  return out;
}

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

interface FileUse {
  namespaces: string[];
  literals: Set<string>;
  patterns: RegExp[];
}

function usesOf(text: string): FileUse {
  const namespaces = [""];
  for (const m of text.matchAll(
    /(?:useTranslations|getTranslations|translatorFor\([^)]*\)\.bind|namespace:)\s*\(?\s*"([^"]+)"/g,
  ))
    namespaces.push(m[1]);
  const literals = new Set<string>();
  // Empty strings match too, so `value=""` does not pair its closing quote with the next opening one.
  for (const m of text.matchAll(/"([^"\\\n]*)"|'([^'\\\n]*)'/g)) literals.add(m[1] ?? m[2]);
  const patterns: RegExp[] = [];
  for (const m of text.matchAll(/`([^`]*)`/g)) {
    if (!m[1].includes("${")) literals.add(m[1]);
    // Only a template that spells a key path (`roles.${role}`), not any string built in braces.
    else if (/^[\w.]*(\$\{[^}]*\}[\w.]*)+$/.test(m[1]) && /\w\.|\.\w/.test(m[1].replace(/\$\{[^}]*\}/g, ""))) {
      const parts = m[1].split(/\$\{[^}]*\}/).map((p) => p.replace(/[.*+?^$()|[\]\\]/g, "\\$&"));
      patterns.push(new RegExp(`^${parts.join("[^.]+")}$`));
    }
  }
  return { namespaces, literals, patterns };
}

/** Whether any of `files` names `key`. */
export function namedBy(files: string[]): (key: string) => boolean {
  const uses = files.map((file) => usesOf(fs.readFileSync(file, "utf8")));
  return (key) =>
    uses.some(({ namespaces, literals, patterns }) =>
      namespaces.some((ns) => {
        if (ns && !key.startsWith(`${ns}.`)) return false;
        const rest = ns ? key.slice(ns.length + 1) : key;
        return literals.has(rest) || patterns.some((p) => p.test(rest));
      }),
    );
}

/** The module a specifier of `from` names, if it is one of the product's files. */
function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/")
    ? path.join(ROOT, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (!base) return null;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, "index.ts"),
    path.join(base, "index.tsx"),
  ])
    if (PRODUCT_FILES.includes(candidate)) return candidate;
  return null;
}

/** The files that run in the browser: each "use client" module and what it imports (not `import type`). */
export function clientFiles(): string[] {
  const seen = new Set<string>();
  const queue = PRODUCT_FILES.filter((f) =>
    /^\s*(\/\/[^\n]*\n\s*)*["']use client["']/.test(fs.readFileSync(f, "utf8")),
  );
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = fs.readFileSync(file, "utf8");
    for (const m of text.matchAll(/^\s*(?:import|export)\s+(?!type\s)[^;]*?from\s+["']([^"']+)["']/gm)) {
      const target = resolveImport(file, m[1]);
      if (target && !seen.has(target)) queue.push(target);
    }
  }
  return [...seen].sort();
}
