"use client";
// An instant for people, in a <time> element carrying the exact value, on the clinic's clock and
// naming its zone, in the reader's language (lib/format/time.ts writes the text: the same on the
// server's render and in the browser, as both take the zone from the layout and the locale from
// next-intl). `relative` says how long ago instead ("5 minutes ago", lib/format/relative.ts), with
// the exact time in its tooltip and for screen readers: the server renders the exact time, and the
// browser says "ago" from its own clock once it runs, so the two never write the same text apart.
import { useLocale } from "next-intl";
import { formatTime, type TimeFormat } from "@/lib/format/time";
import { relativeTime } from "@/lib/format/relative";
import { useClinicTimeZone } from "@/components/ui/time-zone";
import { useNow } from "@/components/ui/use-now";
import { timeLocale } from "@/lib/i18n/locales";

export function When({
  iso,
  empty = "—",
  format,
  relative = false,
}: {
  iso: string | null | undefined;
  empty?: string;
  format?: TimeFormat;
  relative?: boolean;
}) {
  const timeZone = useClinicTimeZone();
  const intlLocale = useLocale();
  const locale = timeLocale(intlLocale);
  const now = useNow(relative);
  if (!iso) return <span className="text-slate-500">{empty}</span>;
  const exact = formatTime(iso, { timeZone, ...(locale && { locale }), ...format });
  if (!relative) return <time dateTime={iso}>{exact}</time>;
  // The same elements before the clock runs and after (the exact time in both spans until then), so
  // saying "ago" changes one text per row: adding the spans and their attributes to a page of rows
  // at once was a phone's longest task on the timeline.
  const ago = now !== null ? relativeTime(iso, now, intlLocale) : null;
  return (
    <time dateTime={iso} title={exact}>
      <span aria-hidden>{ago ?? exact}</span>
      {/* Not copied with the row: what a selection copies is what the reader sees. */}
      <span className="sr-only select-none">{exact}</span>
    </time>
  );
}
