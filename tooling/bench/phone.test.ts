// `--pages=<part,…>` picks the phone benchmark's pages by role, label or path; nothing picked is an
// error that lists the pages, not an empty run.
import { describe, expect, it } from "vitest";
import { selectPages, type Page } from "@/tooling/bench/phone";

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
