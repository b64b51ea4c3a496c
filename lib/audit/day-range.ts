// Days as a clinic means them: "from 3 March to 5 March" is from midnight of the 3rd to midnight
// after the 5th on the clinic's clock, whatever the server's zone. The clinic's zone is UTC until
// clinics can set one; then clinicTimeZone is the one place that changes.
import { TZDate } from "@date-fns/tz";

export function clinicTimeZone(): string {
  return "UTC";
}

/** The instant a day (YYYY-MM-DD) begins in `timeZone`. */
export function startOfDayIn(day: string, timeZone: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(new TZDate(y, m - 1, d, timeZone).getTime());
}

/** The instants [from, to) that the days `fromDay`…`toDay` (both included) cover in `timeZone`. */
export function dayRangeIn(
  fromDay: string | undefined,
  toDay: string | undefined,
  timeZone: string,
): { gte?: Date; lt?: Date } {
  const range: { gte?: Date; lt?: Date } = {};
  if (fromDay) range.gte = startOfDayIn(fromDay, timeZone);
  if (toDay) {
    const [y, m, d] = toDay.split("-").map(Number);
    range.lt = new Date(new TZDate(y, m - 1, d + 1, timeZone).getTime());
  }
  return range;
}
