// `--pages=<part,…>` picks the phone benchmark's pages by role, label or path; nothing picked is an
// error that lists the pages, not an empty run.
import { describe, expect, it } from "vitest";
import { selectPages, spentOf, type Page } from "@/tooling/bench/phone";

const PAGES: Page[] = [
  { role: "practitioner", label: "events", path: "/events" },
  { role: "practitioner", label: "a patient", path: "/patients/p1" },
  { role: "front desk", label: "events", path: "/events" },
  { role: "clinic admin", label: "accounts", path: "/admin/accounts" },
];
const picked = (selection: string | undefined) => selectPages(PAGES, selection).map((p) => `${p.role} ${p.path}`);

describe("selectPages", () => {
  it.each([
    [undefined, 4],
    ["", 4],
    ["events", 2],
    ["FRONT DESK", 1],
    ["/admin/", 1],
    ["front desk, accounts", 2],
    ["patient", 1],
  ])("%j picks %i pages", (selection, count) => {
    expect(picked(selection)).toHaveLength(count);
  });

  it("picks by role, label or path", () => {
    expect(picked("desk,/patients/")).toEqual(["practitioner /patients/p1", "front desk /events"]);
  });

  it("says which pages there are when it picks none", () => {
    expect(() => picked("nothing")).toThrow(/picks none of the pages: .*clinic admin accounts/);
  });
});

describe("spentOf", () => {
  it("names the main thread's three biggest kinds of work and scripts, from Lighthouse's audits", () => {
    const lhr = {
      audits: {
        "mainthread-work-breakdown": {
          details: {
            items: [
              { group: "scriptEvaluation", groupLabel: "Script Evaluation", duration: 612.4 },
              { group: "styleLayout", groupLabel: "Style & Layout", duration: 120 },
              { group: "other", groupLabel: "Other", duration: 80 },
              { group: "paintCompositeRender", groupLabel: "Rendering", duration: 10 },
            ],
          },
        },
        "bootup-time": {
          details: { items: [{ url: "http://127.0.0.1:3000/_next/static/chunks/4bd1.js", total: 380.2 }] },
        },
      },
    } as unknown as Parameters<typeof spentOf>[0];
    expect(spentOf(lhr)).toBe("Script Evaluation 612 ms, Style & Layout 120 ms, Other 80 ms; scripts: 4bd1.js 380 ms");
  });

  it("says so when a report has no scripts", () => {
    expect(spentOf({ audits: {} } as unknown as Parameters<typeof spentOf>[0])).toBe(
      "no main-thread work recorded; scripts: none",
    );
  });
});
