// Days as a clinic means them: "from 3 March to 5 March" is from midnight of the 3rd to midnight
// after the 5th on the clinic's clock, whatever the server's zone. The clinic's zone is UTC until
// clinics can set one; then clinicTimeZone is the one place that changes.
import { TZDate } from "@date-fns/tz";
import { MAX_DAY } from "@/lib/contract/date-filter";

/** Midnight of y-m-d in `timeZone` (setFullYear, so years below 100 are not read as 19xx). */
function midnightIn(y: number, m: number, d: number, timeZone: string): Date {
  const at = new TZDate(2000, 0, 1, timeZone);
  at.setFullYear(y, m - 1, d);
  return new Date(at.getTime());
}

export function clinicTimeZone(): string {
  return "UTC";
}

/** The instant a day (YYYY-MM-DD) begins in `timeZone`. */
export function startOfDayIn(day: string, timeZone: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  return midnightIn(y, m, d, timeZone);
}

/** The instants [from, to) that the days `fromDay`…`toDay` (both included) cover in `timeZone`. */
export function dayRangeIn(
  fromDay: string | undefined,
  toDay: string | undefined,
  timeZone: string,
): { gte?: Date; lt?: Date } {
  const range: { gte?: Date; lt?: Date } = {};
  if (fromDay) range.gte = startOfDayIn(fromDay, timeZone);
  // The last day of the calendar has no day after it to end at: it stays open-ended.
  if (toDay && toDay !== MAX_DAY) {
    const [y, m, d] = toDay.split("-").map(Number);
    range.lt = midnightIn(y, m, d + 1, timeZone);
  }
  return range;
}
