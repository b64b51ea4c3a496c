// The browser's share of the catalog (lib/i18n/client-messages.ts): on every page, each key a client
// component of that page can say, and no other section's words nor the server-rendered pages'.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import enMain from "@/messages/en.json";
import enError from "@/messages/error/en.json";
import {
  SECTION_CLIENT_NAMESPACES,
  SHARED_CLIENT_NAMESPACES,
  clientNamespaces,
  pickMessages,
  type ClientSection,
} from "@/lib/i18n/client-messages";
import { leaves, namedBy, type Tree } from "@/tooling/testing/catalog-keys";
import { PRODUCT_FILES, ROOT, clientFiles, clientFilesOf } from "@/tooling/testing/client-graph";

const en: Tree = { ...enMain, ...enError };
const keys = [...leaves(en).keys()];
const within = (namespaces: readonly string[]) => (key: string) =>
  namespaces.some((ns) => key === ns || key.startsWith(`${ns}.`));
const app = (...parts: string[]) => path.join(ROOT, "app", ...parts);
const ROOT_FILES = ["layout.tsx", "error.tsx", "not-found.tsx"].map((f) => app(f));
const sectionFolders = fs
  .readdirSync(app(), { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== "api")
  .map((d) => d.name);
/** A section's own files: its folder, or the home page. */
const filesOf = (section: ClientSection) =>
  section === "home" ? [app("page.tsx")] : PRODUCT_FILES.filter((f) => f.startsWith(app(section) + path.sep));
const SECTIONS = Object.keys(SECTION_CLIENT_NAMESPACES) as ClientSection[];

/** Keys the client parts reached from `entries` name, and namespaces they open, outside `sent`. */
function unsent(entries: string[], sent: readonly string[]) {
  const files = clientFilesOf(entries);
  const named = namedBy(files);
  const opened = files.flatMap((f) =>
    [...fs.readFileSync(f, "utf8").matchAll(/useTranslations\(\s*"([^"]+)"/g)].map((m) => m[1]),
  );
  return {
    files,
    keys: keys.filter((key) => named(key) && !within(sent)(key)),
    namespaces: [...new Set(opened)].filter((ns) => !within(sent)(ns)),
  };
}

describe("the client's messages", () => {
  it("finds the client components (and what they import), and each page's", () => {
    const all = clientFiles();
    expect(all.some((f) => f.endsWith("components/ui/toaster.tsx"))).toBe(true);
    expect(all.some((f) => f.endsWith("lib/audit/actions.ts"))).toBe(true); // imported by the filter form
    expect(all.some((f) => f.endsWith("app/layout.tsx"))).toBe(false);
    const resources = clientFilesOf(filesOf("resources"));
    expect(resources.some((f) => f.endsWith("components/resources/upload-panel.tsx"))).toBe(true);
    expect(resources.some((f) => f.includes("components/admin/"))).toBe(false);
  });

  it("the root layout's client parts say only the shared namespaces", () => {
    const { files, keys: outside, namespaces } = unsent(ROOT_FILES, SHARED_CLIENT_NAMESPACES);
    expect(files.some((f) => f.endsWith("components/layout/account-menu.tsx"))).toBe(true);
    expect(outside).toEqual([]);
    expect(namespaces).toEqual([]);
  });

  it.each(SECTIONS)("every key the %s section's client parts name is sent to its pages", (section) => {
    const { keys: outside, namespaces } = unsent(filesOf(section), clientNamespaces(section));
    expect(outside).toEqual([]);
    expect(namespaces).toEqual([]);
  });

  it("every folder of app/ with pages is a section, each wrapped in its own words", () => {
    expect(sectionFolders.filter((f) => !(f in SECTION_CLIENT_NAMESPACES)).sort()).toEqual([]);
    const wrapped = (file: string, section: string) =>
      fs.existsSync(file) && fs.readFileSync(file, "utf8").includes(`<ClientMessages section="${section}">`);
    expect(
      SECTIONS.filter(
        (s) =>
          SECTION_CLIENT_NAMESPACES[s].length > 0 && !wrapped(s === "home" ? app("page.tsx") : app(s, "layout.tsx"), s),
      ),
    ).toEqual([]);
  });

  it("names only namespaces of the catalog, and sends each page a part of the whole", () => {
    const all = [...SHARED_CLIENT_NAMESPACES, ...SECTIONS.flatMap((s) => SECTION_CLIENT_NAMESPACES[s])];
    expect(all.filter((ns) => !keys.some(within([ns])))).toEqual([]);
    const size = (namespaces: readonly string[]) => JSON.stringify(pickMessages(en, namespaces)).length;
    const whole = size([...new Set(all)]);
    const large = SECTIONS.filter((s) => s !== "admin" && size(clientNamespaces(s)) > whole * 0.4);
    expect(large).toEqual([]);
    const resources = leaves(pickMessages(en, clientNamespaces("resources")) as Tree);
    expect(resources.get("header.signOut")).toBe(leaves(en).get("header.signOut"));
    expect(resources.has("admin.accounts.title")).toBe(false);
    expect(resources.has("meta.appName")).toBe(false);
  });
});
