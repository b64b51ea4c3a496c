// Keeps zod's classic API out of the browser: every page's first load stays under the 200 kB goal
// of the pages benchmark (tooling/bench/pages/) only while no client component reaches `zod`,
// whose classic API weighs much of it. Walks the import graph from each "use client" module, following value
// imports only (type-only imports vanish from the bundle); `zod/mini` is allowed.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLIENT_MODULES, ROOT, resolveImport, valueImports } from "@/tooling/testing/client-graph";

/** The chain of imports from `start` to a module `forbidden` says no to, or null. */
function pathTo(start: string, forbidden: (spec: string) => boolean): string[] | null {
  const parent = new Map<string, string | null>([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const file = queue.shift()!;
    for (const spec of valueImports(file)) {
      const target = resolveImport(file, spec);
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

const isClassicZod = (spec: string) => spec === "zod" || (spec.startsWith("zod/") && spec !== "zod/mini");

describe("what client components ship", () => {
  it("finds the client components", () => {
    expect(CLIENT_MODULES.length).toBeGreaterThan(20);
  });

  it.each(CLIENT_MODULES.map((file) => [path.relative(ROOT, file), file]))("%s does not reach zod", (_name, file) => {
    expect(pathTo(file, isClassicZod)).toBeNull();
  });

  it("would see zod reached through a barrel", () => {
    // The check itself: the contract's barrel holds the schemas, so importing a value from it counts.
    expect(pathTo(path.join(ROOT, "lib/contract/index.ts"), isClassicZod)).toEqual(
      expect.arrayContaining(["lib/contract/index.ts", "zod"]),
    );
  });
});
