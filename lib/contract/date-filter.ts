// The date filter forms of spec 4 (`yyyy-mm-dd`, `<yyyy-mm-dd`, `>yyyy-mm-dd`, `a..b`), as a pure
// parser and matcher. Dates are calendar days in UTC; a range includes both ends. Zod-free (the
// browser's date filter input uses it); the query-parameter schema is in ./date-filter-schema.

export type DateFilter =
  | { kind: "on"; date: string }
  | { kind: "before"; date: string }
  | { kind: "after"; date: string }
  | { kind: "between"; from: string; to: string };

export type DateFilterResult =
  { ok: true; filter: DateFilter } | { ok: false; problem: DateFilterProblem; message: string };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The first and last days the grammar names: four-digit years, 0001 to 9999. */
export const MIN_DAY = "0001-01-01";
export const MAX_DAY = "9999-12-31";

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysInMonth = (y: number, m: number) => (m === 2 ? (isLeap(y) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31);
const pad = (n: number, width: number) => String(n).padStart(width, "0");

/** True when `s` is `yyyy-mm-dd` and names a real calendar day from 0001-01-01 to 9999-12-31. */
export function isCalendarDate(s: string): boolean {
  const m = DAY.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return y >= 1 && mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo);
}

/**
 * Days since 1970-01-01 of a `yyyy-mm-dd` day, by arithmetic on numbers (proleptic Gregorian), so
 * day arithmetic never depends on how a year formats or sorts as text. The inverse is dayFromNumber.
 */
export function dayNumber(day: string): number {
  const [y0, m, d] = day.split("-").map(Number);
  const y = m <= 2 ? y0 - 1 : y0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The `yyyy-mm-dd` day of a day number; only meaningful from MIN_DAY to MAX_DAY. */
export function dayFromNumber(n: number): string {
  const z = n + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
}

export const MIN_DAY_NUMBER = dayNumber(MIN_DAY);
export const MAX_DAY_NUMBER = dayNumber(MAX_DAY);
const DAY_MS = 86_400_000;

const FORMS = "use yyyy-mm-dd, <yyyy-mm-dd, >yyyy-mm-dd or yyyy-mm-dd..yyyy-mm-dd";

/** Why a filter is not one of the four forms; the app says each in the reader's language. */
export type DateFilterProblem = "rangeParts" | "rangeDates" | "rangeOrder" | "notADay" | "noneBefore" | "noneAfter";

/** The problems in the platform's (the sandbox's) words. */
const PROBLEM_WORDS: Record<DateFilterProblem, string> = {
  rangeParts: "a range has exactly one '..'",
  rangeDates: `a range needs two valid dates from ${MIN_DAY} to ${MAX_DAY}`,
  rangeOrder: "the range starts after it ends",
  notADay: `not a valid date (days run from ${MIN_DAY} to ${MAX_DAY})`,
  noneBefore: `there is no day before ${MIN_DAY}`,
  noneAfter: `there is no day after ${MAX_DAY}`,
};

export function parseDateFilter(input: string): DateFilterResult {
  const s = input.trim();
  const bad = (problem: DateFilterProblem): DateFilterResult => ({
    ok: false,
    problem,
    message: `${PROBLEM_WORDS[problem]}; ${FORMS}`,
  });
  if (s.includes("..")) {
    const parts = s.split("..");
    if (parts.length !== 2) return bad("rangeParts");
    const [from, to] = parts;
    if (!isCalendarDate(from) || !isCalendarDate(to)) return bad("rangeDates");
    if (dayNumber(from) > dayNumber(to)) return bad("rangeOrder");
    return { ok: true, filter: { kind: "between", from, to } };
  }
  const op = s[0];
  if (op === "<" || op === ">") {
    const date = s.slice(1);
    if (!isCalendarDate(date)) return bad("notADay");
    // Nothing can match these, and their day before/after is outside the calendar the app keeps.
    if (op === "<" && date === MIN_DAY) return bad("noneBefore");
    if (op === ">" && date === MAX_DAY) return bad("noneAfter");
    return { ok: true, filter: { kind: op === "<" ? "before" : "after", date } };
  }
  if (!isCalendarDate(s)) return bad("notADay");
  return { ok: true, filter: { kind: "on", date: s } };
}

/** Whether an ISO timestamp falls within the filter (compared by its UTC calendar day). */
export function matchesDateFilter(filter: DateFilter, timestamp: string | Date): boolean {
  const ms = (typeof timestamp === "string" ? new Date(timestamp) : timestamp).getTime();
  if (Number.isNaN(ms)) return false;
  const day = Math.floor(ms / DAY_MS);
  switch (filter.kind) {
    case "on":
      return day === dayNumber(filter.date);
    case "before":
      return day < dayNumber(filter.date);
    case "after":
      return day > dayNumber(filter.date);
    case "between":
      return day >= dayNumber(filter.from) && day <= dayNumber(filter.to);
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
