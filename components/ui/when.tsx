// An instant for people, in a <time> element carrying the exact value (lib/format/time.ts writes
// the text: the same on the server's render and in the browser).
import { formatTime, type TimeFormat } from "@/lib/format/time";

export function When({
  iso,
  empty = "—",
  format,
}: {
  iso: string | null | undefined;
  empty?: string;
  format?: TimeFormat;
}) {
  if (!iso) return <span className="text-slate-500">{empty}</span>;
  return <time dateTime={iso}>{formatTime(iso, format)}</time>;
}
