// Query-string validation: every parameter is checked against a strict schema and a bad one gets
// a 400 that names it (repeated parameters are refused too).
import type { z } from "zod";
import { badParam } from "./errors";

export function queryObject(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of params) {
    if (key in out) throw badParam(key, "is given more than once");
    out[key] = value;
  }
  return out;
}

export function parseQuery<S extends z.ZodType>(schema: S, query: Record<string, string>): z.infer<S> {
  const result = schema.safeParse(query);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (issue.code === "unrecognized_keys") {
    const key = issue.keys[0];
    throw badParam(key, "is not a recognised query parameter for this endpoint");
  }
  const field = String(issue.path[0] ?? "query");
  throw badParam(field, issue.message);
}

/** Endpoints without query parameters refuse any, naming it, as lists refuse unknown ones. */
export function refuseQuery(query: Record<string, string>): void {
  const [first] = Object.keys(query);
  if (first !== undefined) throw badParam(first, "is not a recognised query parameter for this endpoint");
}
