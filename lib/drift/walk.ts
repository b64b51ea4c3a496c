// Drift between a body the platform sent and the zod schema we read it with, as field paths:
// "unknown" (a key the schema does not name) and "missing" (a key the schema expects that did not
// come). The schemas of lib/contract are the one list of known fields; nothing here names a field.
//
// What "expected" means: a key is expected when its schema refuses `undefined`, which is exactly
// when zod would refuse the object for lacking it (not optional, nullish, defaulted or catch-all).
// In lib/contract that is what identifies a record (an event's record id, a list's items and meta);
// every other documented field is optional there because the documentation's own examples omit
// them (older plan examples have no patient), so reporting each absent optional field would be a
// permanent list nobody can act on. Keys are expected only inside objects that came: an absent
// optional `data.treatment_plan.patient` says nothing about `patient.id`.
//
// Paths: keys joined by ".", array items collapsed to "[]" (`data.treatment_plan.recommendations[].
// dosage.time_of_day`). An unknown key is reported once, at its own path; what lies below it is not
// walked (it is all unknown). A schema we cannot see into (z.custom, z.unknown, z.any, a record, a
// tuple) accepts whatever is below it, so nothing below it is reported. Unions: an object is checked
// against the union's object options together (a key is known if one names it, expected if all do).
//
// Bounds, for a hostile or huge body: depth (MAX_DEPTH keys), path length (MAX_PATH_CHARS), items
// walked per array (MAX_ITEMS) and paths reported per body (MAX_PATHS). A key that does not look like a
// field name (an email, a sentence, an id used as a key) is written `{key}`, so a path never carries
// what could be a person's data.
import type { z } from "zod";

export type DriftKind = "unknown" | "missing";
export interface DriftPath {
  path: string;
  kind: DriftKind;
}

export const MAX_DEPTH = 12;
export const MAX_PATH_CHARS = 200;
export const MAX_ITEMS = 200;
export const MAX_PATHS = 200;

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  getter?: () => z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
};
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** What a schema is once wrappers are taken off: an object's fields, an array's items, or opaque. */
type Node =
  | { kind: "object"; fields: Map<string, Field> }
  | { kind: "array"; elements: z.ZodType[] }
  | { kind: "opaque" } // anything goes below it (custom, unknown, any, record, tuple…)
  | { kind: "leaf" }; // a string, number, enum…: no fields

const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "catch", "readonly", "nonoptional"]);
const OPAQUE = new Set(["custom", "unknown", "any", "record", "tuple", "map", "set", "file", "transform"]);

/** The concrete schemas behind wrappers, pipes, lazies and unions (bounded, for recursive schemas). */
function variants(schema: z.ZodType, depth = 0): z.ZodType[] {
  if (depth > 20) return [];
  const def = defOf(schema);
  if (WRAPPERS.has(def.type) && def.innerType) return variants(def.innerType, depth + 1);
  if (def.type === "pipe" && def.in) return variants(def.in, depth + 1);
  if (def.type === "lazy" && def.getter) return variants(def.getter(), depth + 1);
  if (def.type === "union" && def.options) return def.options.flatMap((o) => variants(o, depth + 1));
  return [schema];
}

const requiredCache = new WeakMap<z.ZodType, boolean>();
/** Zod's own rule: an object refuses a missing key when the key's schema refuses undefined. */
function isRequired(schema: z.ZodType): boolean {
  let required = requiredCache.get(schema);
  if (required === undefined) {
    required = !schema.safeParse(undefined).success;
    requiredCache.set(schema, required);
  }
  return required;
}

type Field = { schemas: z.ZodType[]; required: boolean };

/** An object schema's own fields (an intersection's from both sides). */
function objectFields(schema: z.ZodType): Map<string, Field> {
  const def = defOf(schema);
  if (def.type === "intersection" && def.left && def.right)
    return mergeOptions([...variants(def.left), ...variants(def.right)].map(objectFields), true);
  const fields = new Map<string, Field>();
  for (const [key, field] of Object.entries(def.shape ?? {}))
    fields.set(key, { schemas: [field], required: isRequired(field) });
  return fields;
}

/**
 * Several objects' fields as one: a key is known if one names it; it is expected when every option
 * expects it (a union's object options), or when one does (the two sides of an intersection).
 */
function mergeOptions(options: Map<string, Field>[], all: boolean): Map<string, Field> {
  const merged = new Map<string, Field>();
  for (const option of options)
    for (const [key, field] of option) {
      const seen = merged.get(key);
      merged.set(key, {
        schemas: [...(seen?.schemas ?? []), ...field.schemas],
        required: all ? Boolean(seen?.required) || field.required : (seen?.required ?? true) && field.required,
      });
    }
  if (!all) for (const [key, field] of merged) if (options.some((o) => !o.has(key))) field.required = false;
  return merged;
}

/** The node a value of this shape meets: arrays against array options, objects against object ones. */
function nodeFor(schema: z.ZodType, value: unknown): Node {
  const options = variants(schema);
  if (options.some((o) => OPAQUE.has(defOf(o).type))) return { kind: "opaque" };
  if (Array.isArray(value)) {
    const arrays = options.filter((o) => defOf(o).type === "array");
    return arrays.length ? { kind: "array", elements: arrays.map((o) => defOf(o).element!) } : { kind: "leaf" };
  }
  if (value === null || typeof value !== "object") return { kind: "leaf" };
  const objects = options.filter((o) => defOf(o).type === "object" || defOf(o).type === "intersection");
  if (objects.length === 0) return { kind: "leaf" };
  return { kind: "object", fields: mergeOptions(objects.map(objectFields), false) };
}

const FIELD_NAME = /^[A-Za-z_$][A-Za-z0-9_$-]{0,63}$/;
/** A key as written in a path; one that does not look like a field name may be data, so it is not written. */
export const pathKey = (key: string): string => (FIELD_NAME.test(key) ? key : "{key}");
const join = (path: string, key: string) => (path ? `${path}.${pathKey(key)}` : pathKey(key));

/** A union of several schemas for the same key (from a union's options), as one to walk with. */
function walkAll(schemas: z.ZodType[], value: unknown, path: string, depth: number, out: Map<string, DriftPath>) {
  // Known to one option is known: walk with each option's schema, and keep an unknown only when
  // every option calls it unknown (an expected key only when every option expects it).
  if (schemas.length === 1) return walk(schemas[0]!, value, path, depth, out);
  const results = schemas.map((s) => {
    const own = new Map<string, DriftPath>();
    walk(s, value, path, depth, own);
    return own;
  });
  for (const [key, drift] of results[0]!)
    if (results.every((r) => r.has(key)) && out.size < MAX_PATHS) out.set(key, drift);
}

function walk(schema: z.ZodType, value: unknown, path: string, depth: number, out: Map<string, DriftPath>): void {
  if (value === null || value === undefined || depth >= MAX_DEPTH || out.size >= MAX_PATHS) return;
  const node = nodeFor(schema, value);
  if (node.kind === "array") {
    const items = (value as unknown[]).slice(0, MAX_ITEMS);
    for (const item of items) walkAll(node.elements, item, `${path}[]`, depth + 1, out);
    return;
  }
  if (node.kind !== "object") return;
  const record = value as Record<string, unknown>;
  const add = (p: string, kind: DriftKind) => {
    if (out.size < MAX_PATHS && p.length <= MAX_PATH_CHARS) out.set(`${kind}\u0000${p}`, { path: p, kind });
  };
  for (const key of Object.keys(record)) {
    if (out.size >= MAX_PATHS) return;
    const field = node.fields.get(key);
    if (!field) add(join(path, key), "unknown");
    else walkAll(field.schemas, record[key], join(path, key), depth + 1, out);
  }
  for (const [key, field] of node.fields)
    if (field.required && !Object.hasOwn(record, key)) add(join(path, key), "missing");
}

/** The fields of `body` that `schema` does not name, and those it expects that `body` lacks. */
export function driftOf(schema: z.ZodType, body: unknown, prefix = ""): DriftPath[] {
  const out = new Map<string, DriftPath>();
  walk(schema, body, prefix, 0, out);
  return [...out.values()];
}

/** Every field path `schema` names, and whether it is expected (for documentation and tests). */
export function knownPaths(schema: z.ZodType, prefix = "", depth = 0): Array<{ path: string; required: boolean }> {
  if (depth >= MAX_DEPTH) return [];
  const out: Array<{ path: string; required: boolean }> = [];
  for (const option of variants(schema)) {
    const type = defOf(option).type;
    if (type === "array") out.push(...knownPaths(defOf(option).element!, `${prefix}[]`, depth + 1));
    if (type !== "object" && type !== "intersection") continue;
    const node = nodeFor(option, {});
    if (node.kind !== "object") continue;
    for (const [key, field] of node.fields) {
      const path = prefix ? `${prefix}.${key}` : key;
      out.push({ path, required: field.required });
      for (const s of field.schemas) out.push(...knownPaths(s, path, depth + 1));
    }
  }
  const seen = new Map(out.map((p) => [p.path, p]));
  return [...seen.values()];
}
