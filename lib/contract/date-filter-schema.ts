// The date filter as a query-parameter schema, for the servers that validate it (the sandbox, the
// app's routes and pages); the parser itself is zod-free in ./date-filter.
import { z } from "zod";
import { parseDateFilter, type DateFilterProblem } from "./date-filter";

/** A query-parameter schema that validates the string, keeps it as sent, and words a problem with `say`. */
export function dateFilterSchema(say: (problem: DateFilterProblem, english: string) => string) {
  return z.string().superRefine((value, ctx) => {
    const result = parseDateFilter(value);
    if (!result.ok) ctx.addIssue({ code: "custom", message: say(result.problem, result.message) });
  });
}

/** The platform's query-parameter schema, its problems in English (the sandbox's answers). */
export const DateFilterStringSchema = dateFilterSchema((_problem, english) => english);
