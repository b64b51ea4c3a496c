// The date filter as a query-parameter schema, for the servers that validate it (the sandbox, the
// app's routes and pages); the parser itself is zod-free in ./date-filter.
import { z } from "zod";
import { parseDateFilter } from "./date-filter";

/** Query-parameter schema: validates the string and keeps it as sent. */
export const DateFilterStringSchema = z.string().superRefine((value, ctx) => {
  const result = parseDateFilter(value);
  if (!result.ok) ctx.addIssue({ code: "custom", message: result.message });
});
