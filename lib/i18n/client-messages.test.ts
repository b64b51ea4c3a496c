// The browser's share of the catalog (lib/i18n/client-messages.ts) holds every key a client
// component can say, and leaves out the server-rendered pages' words.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import enMain from "@/messages/en.json";
import enError from "@/messages/error/en.json";
import { CLIENT_NAMESPACES, pickMessages } from "@/lib/i18n/client-messages";
import { clientFiles, leaves, namedBy, type Tree } from "@/tooling/testing/catalog-keys";

const en: Tree = { ...enMain, ...enError };
const keys = [...leaves(en).keys()];
const files = clientFiles();
const within = (key: string) => CLIENT_NAMESPACES.some((ns) => key === ns || key.startsWith(`${ns}.`));

describe("the client's messages", () => {
  it("finds the client components (and what they import)", () => {
    expect(files.some((f) => f.endsWith("components/ui/toaster.tsx"))).toBe(true);
    expect(files.some((f) => f.endsWith("lib/audit/actions.ts"))).toBe(true); // imported by the filter form
    expect(files.some((f) => f.endsWith("app/layout.tsx"))).toBe(false);
  });

  it("every key a client component names is sent", () => {
    const named = namedBy(files);
    expect(keys.filter((key) => named(key) && !within(key))).toEqual([]);
  });

  it("every namespace a client component opens is sent whole", () => {
    const opened = new Set(
      files.flatMap((f) => [...fs.readFileSync(f, "utf8").matchAll(/useTranslations\(\s*"([^"]+)"/g)].map((m) => m[1])),
    );
    expect([...opened].filter((ns) => !within(ns))).toEqual([]);
  });

  it("names only namespaces of the catalog, and leaves the server's words out", () => {
    const picked = leaves(pickMessages(en, CLIENT_NAMESPACES) as Tree);
    expect(CLIENT_NAMESPACES.filter((ns) => !keys.some((k) => k === ns || k.startsWith(`${ns}.`)))).toEqual([]);
    expect(picked.get("header.signOut")).toBe(leaves(en).get("header.signOut"));
    expect(picked.has("admin.overview.accounts")).toBe(false);
    expect(picked.has("meta.appName")).toBe(false);
    expect(picked.size).toBeLessThan(keys.length * 0.75);
  });
});
