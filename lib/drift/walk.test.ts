// The walker as a table: a schema and a body give the unknown and the missing paths.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DocumentedTreatmentPlanSchema } from "@/lib/contract/event-data";
import { driftOf, knownPaths, MAX_PATHS } from "@/lib/drift/walk";

const Item = z.looseObject({ id: z.string(), name: z.string().nullish(), tags: z.array(z.string()).optional() });
const List = z.object({ items: z.array(Item), meta: z.object({ total: z.number() }).optional() });
const Either = z.union([
  z.object({ kind: z.literal("a"), a: z.string(), both: z.string() }),
  z.object({ kind: z.literal("b"), b: z.number().default(1), both: z.string() }),
]);

const cases: Array<{ name: string; schema: z.ZodType; body: unknown; unknown: string[]; missing: string[] }> = [
  { name: "a body as expected", schema: List, body: { items: [{ id: "1", name: "x" }] }, unknown: [], missing: [] },
  {
    name: "an unknown key at the top and in array items (collapsed to [])",
    schema: List,
    body: {
      items: [
        { id: "1", colour: "red" },
        { id: "2", colour: "blue", size: 3 },
      ],
      extra: true,
    },
    unknown: ["extra", "items[].colour", "items[].size"],
    missing: [],
  },
  {
    name: "a required key missing, optional and nullish ones not",
    schema: List,
    body: { items: [{ name: null }] },
    unknown: [],
    missing: ["items[].id"],
  },
  {
    name: "a whole required list missing",
    schema: List,
    body: { meta: { total: 1 } },
    unknown: [],
    missing: ["items"],
  },
  {
    name: "nothing below an unknown key, nothing below an opaque schema",
    schema: z.object({ data: z.custom<object>(() => true), x: z.unknown() }),
    body: { data: { anything: 1 }, x: { y: 1 }, other: { deep: { deeper: 1 } } },
    unknown: ["other"],
    missing: [],
  },
  {
    name: "a key that does not look like a field name is not written",
    schema: z.object({}),
    body: { "jane@example.com": 1, "two words": 2 },
    unknown: ["{key}"],
    missing: [],
  },
  {
    name: "a union: known if one option names it, expected only if all do",
    schema: Either,
    body: { kind: "b", c: 1 },
    unknown: ["c"],
    missing: ["both"],
  },
  {
    name: "a nullable record that is null, and a wrong type, say nothing",
    schema: z.object({ rec: Item.nullable(), n: z.number() }),
    body: { rec: null, n: { nested: 1 } },
    unknown: [],
    missing: [],
  },
  {
    name: "a documented plan with a new dosage field and no id",
    schema: z.looseObject({ treatment_plan: DocumentedTreatmentPlanSchema }),
    body: {
      treatment_plan: { active: "true", recommendations: [{ dosage: { time_of_day: ["am"], with_food: true } }] },
    },
    unknown: ["treatment_plan.recommendations[].dosage.with_food"],
    missing: ["treatment_plan.id"],
  },
];

describe("driftOf", () => {
  it.each(cases)("$name", ({ schema, body, unknown, missing }) => {
    const drift = driftOf(schema, body);
    expect(
      drift
        .filter((d) => d.kind === "unknown")
        .map((d) => d.path)
        .sort(),
    ).toEqual(unknown);
    expect(
      drift
        .filter((d) => d.kind === "missing")
        .map((d) => d.path)
        .sort(),
    ).toEqual(missing);
  });

  it("bounds a hostile body: paths per body, depth", () => {
    const wide = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i]));
    expect(driftOf(z.object({}), wide)).toHaveLength(MAX_PATHS);
    type Deep = { next?: Deep; odd?: number };
    const Deep: z.ZodType<Deep> = z.lazy(() => z.object({ next: Deep.optional() }));
    let body: Deep = { odd: 1 };
    for (let i = 0; i < 100; i++) body = { next: body };
    expect(driftOf(Deep, body)).toEqual([]);
  });

  it("prefixes paths", () => {
    expect(driftOf(Item, { z: 1 }, "data")).toEqual([
      { path: "data.z", kind: "unknown" },
      { path: "data.id", kind: "missing" },
    ]);
  });
});

describe("knownPaths", () => {
  it("lists every field a schema names and which ones it expects", () => {
    expect(knownPaths(List)).toEqual([
      { path: "items", required: true },
      { path: "items[].id", required: true },
      { path: "items[].name", required: false },
      { path: "items[].tags", required: false },
      { path: "meta", required: false },
      { path: "meta.total", required: true },
    ]);
  });
});
