import { describe, expect, it } from "vitest";
import { searchKinds, searchQueryOf, searchScope, seeAllHref, type SearchKind } from "@/lib/search/parts";
import type { AppRole } from "@/lib/people/roles";

describe("searchQueryOf", () => {
  it.each([
    [undefined, { kind: "empty" }],
    ["", { kind: "empty" }],
    ["   ", { kind: "empty" }],
    [["  Patel ", "other"], { kind: "ok", q: "Patel" }],
    ["ab", { kind: "ok", q: "ab" }],
    ["é".repeat(200), { kind: "ok", q: "é".repeat(200) }],
    ["x".repeat(201), { kind: "refused", message: "search.tooLong", values: { max: 200 } }],
    ["Pa\u0000tel", { kind: "refused", message: "validation.searchControl" }],
    ["Pa\ttel", { kind: "refused", message: "validation.searchControl" }],
  ])("%j → %j", (raw, expected) => {
    expect(searchQueryOf(raw)).toEqual(expected);
  });
});

describe("searchKinds", () => {
  const person = (platformUserType: "Practitioner" | "Staff", roles: AppRole[]) => ({
    platformUserType,
    platformUserId: "u1",
    roles,
  });
  it.each<[string, ReturnType<typeof person>, SearchKind[]]>([
    ["a practitioner: all three", person("Practitioner", ["Practitioner"]), ["patients", "events", "resources"]],
    [
      "an admin practitioner: all three",
      person("Practitioner", ["Admin", "Practitioner"]),
      ["patients", "events", "resources"],
    ],
    ["staff: no library without a practitioner picked", person("Staff", ["Staff"]), ["patients", "events"]],
    ["the clinic admin (staff)", person("Staff", ["Admin", "Staff"]), ["patients", "events"]],
    ["an admin and nothing else: events alone", person("Staff", ["Admin"]), ["events"]],
    ["no role at all: nothing", person("Staff", []), []],
  ])("%s", (_, user, expected) => {
    expect(searchKinds(user)).toEqual(expected);
  });

  it("names the scope for the header's words", () => {
    expect(searchScope(["patients", "events", "resources"])).toBe("patients_events_resources");
    expect(searchScope([])).toBe("none");
  });
});

describe("seeAllHref", () => {
  it("opens each section searched by ?q=, the term encoded", () => {
    expect(seeAllHref("patients", "Ana María & co")).toBe("/patients?q=Ana+Mar%C3%ADa+%26+co");
    expect(seeAllHref("events", "order #12")).toBe("/events?q=order+%2312");
    expect(seeAllHref("resources", "guide")).toBe("/resources?q=guide");
  });

  it("gives Resources the part of the term its page reads", () => {
    expect(seeAllHref("resources", "y".repeat(150))).toBe(`/resources?q=${"y".repeat(100)}`);
  });
});
