// Which catalog keys the product's code names (not shipped code: the catalogs' tests read it). A key
// is named when a file says it, whole or after a namespace it opened (`useTranslations("header")`
// then `t("signOut")`); a template literal (`sections.${key}.label`) covers the keys it can spell.
// The browser's share is the files a "use client" module imports, directly or not: the keys those
// name are the ones the client provider must carry (lib/i18n/client-messages.ts).
import fs from "node:fs";

export { clientFiles, PRODUCT_FILES } from "@/tooling/testing/client-graph";

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
