// The date filter forms of spec 4 (`yyyy-mm-dd`, `<yyyy-mm-dd`, `>yyyy-mm-dd`, `a..b`), as a pure
// parser and matcher. Dates are calendar days in UTC; a range includes both ends.
import { z } from "zod";

export type DateFilter =
  | { kind: "on"; date: string }
  | { kind: "before"; date: string }
  | { kind: "after"; date: string }
  | { kind: "between"; from: string; to: string };

export type DateFilterResult = { ok: true; filter: DateFilter } | { ok: false; message: string };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True when `s` is `yyyy-mm-dd` and names a real calendar day. */
export function isCalendarDate(s: string): boolean {
  const m = DAY.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

const FORMS = "use yyyy-mm-dd, <yyyy-mm-dd, >yyyy-mm-dd or yyyy-mm-dd..yyyy-mm-dd";

export function parseDateFilter(input: string): DateFilterResult {
  const s = input.trim();
  const bad = (why: string): DateFilterResult => ({ ok: false, message: `${why}; ${FORMS}` });
  if (s.includes("..")) {
    const parts = s.split("..");
    if (parts.length !== 2) return bad("a range has exactly one '..'");
    const [from, to] = parts;
    if (!isCalendarDate(from) || !isCalendarDate(to)) return bad("a range needs two valid dates");
    if (from > to) return bad("the range starts after it ends");
    return { ok: true, filter: { kind: "between", from, to } };
  }
  const op = s[0];
  if (op === "<" || op === ">") {
    const date = s.slice(1);
    if (!isCalendarDate(date)) return bad("not a valid date");
    return { ok: true, filter: { kind: op === "<" ? "before" : "after", date } };
  }
  if (!isCalendarDate(s)) return bad("not a valid date");
  return { ok: true, filter: { kind: "on", date: s } };
}

/** Whether an ISO timestamp falls within the filter (compared by its UTC calendar day). */
export function matchesDateFilter(filter: DateFilter, timestamp: string | Date): boolean {
  const day = (typeof timestamp === "string" ? new Date(timestamp) : timestamp).toISOString().slice(0, 10);
  switch (filter.kind) {
    case "on":
      return day === filter.date;
    case "before":
      return day < filter.date;
    case "after":
      return day > filter.date;
    case "between":
      return day >= filter.from && day <= filter.to;
  }
}

/** Serialises a filter back to its query form (for clients building URLs). */
export function formatDateFilter(filter: DateFilter): string {
  switch (filter.kind) {
    case "on":
      return filter.date;
    case "before":
      return `<${filter.date}`;
    case "after":
      return `>${filter.date}`;
    case "between":
      return `${filter.from}..${filter.to}`;
  }
}

/** Query-parameter schema: validates the string and keeps it as sent. */
export const DateFilterStringSchema = z.string().superRefine((value, ctx) => {
  const result = parseDateFilter(value);
  if (!result.ok) ctx.addIssue({ code: "custom", message: result.message });
});
