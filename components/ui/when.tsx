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
  const ago = relative && now !== null ? relativeTime(iso, now, intlLocale) : null;
  if (!ago) return <time dateTime={iso}>{exact}</time>;
  return (
    <time dateTime={iso} title={exact}>
      <span aria-hidden>{ago}</span>
      <span className="sr-only">{exact}</span>
    </time>
  );
}
