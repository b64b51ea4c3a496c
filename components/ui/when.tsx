"use client";
// An instant for people, in a <time> element carrying the exact value, on the clinic's clock and
// naming its zone, in the reader's language (lib/format/time.ts writes the text: the same on the
// server's render and in the browser, as both take the zone from the layout and the locale from
// next-intl).
import { useLocale } from "next-intl";
import { formatTime, type TimeFormat } from "@/lib/format/time";
import { useClinicTimeZone } from "@/components/ui/time-zone";
import { timeLocale } from "@/lib/i18n/locales";

export function When({
  iso,
  empty = "—",
  format,
}: {
  iso: string | null | undefined;
  empty?: string;
  format?: TimeFormat;
}) {
  const timeZone = useClinicTimeZone();
  const locale = timeLocale(useLocale());
  if (!iso) return <span className="text-slate-500">{empty}</span>;
  return <time dateTime={iso}>{formatTime(iso, { timeZone, ...(locale && { locale }), ...format })}</time>;
}
