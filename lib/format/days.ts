// Days as a clinic means them: "from 3 March to 5 March" is from midnight of the 3rd to midnight
// after the 5th on the clinic's clock (its time zone, an admin setting: lib/admin/clinic-settings.ts),
// whatever the server's or the browser's zone. Shared by the server and the browser.
// Offsets come from the app's own zone rules (lib/format/zone-rules.ts), as every time shown does.
import { MAX_DAY } from "@/lib/contract/date-filter";
import { instantOfLocalTime, offsetMinutesIn } from "@/lib/format/time";

/** Midnight of y-m-d in `timeZone` (setUTCFullYear, so years below 100 are not read as 19xx). */
function midnightIn(y: number, m: number, d: number, timeZone: string): Date {
  const wall = new Date(Date.UTC(2000, 0, 1));
  wall.setUTCFullYear(y, m - 1, d);
  return instantOfLocalTime(wall.getTime(), timeZone);
}

/** The day (YYYY-MM-DD) an instant falls on in `timeZone`. */
export function dayIn(at: Date, timeZone: string): string {
  const local = new Date(at.getTime() + offsetMinutesIn(at, timeZone) * 60_000);
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
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
