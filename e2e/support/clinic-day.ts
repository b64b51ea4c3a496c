// Days as the app counts them: on the clinic's clock, with the app's own zone rules (registered by
// importing lib/format/zone-source; without them a day would be UTC's, which differs from the
// clinic's from 00:00 to 05:00 UTC in Toronto). Node's own zone data is not used: it is older than
// the browser's.
import "@/lib/format/zone-source";
import { dayIn } from "@/lib/format/days";

/** The day (YYYY-MM-DD) an instant falls on in `timeZone`. */
export const clinicDayOf = (at: Date | string, timeZone: string): string => dayIn(new Date(at), timeZone);
