// Times in the admin console: UTC on the server and in the browser alike (no hydration mismatch,
// and the same clock the platform's date filters use), in a <time> element with the exact instant.
const FORMAT = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export function formatUtc(iso: string): string {
  return `${FORMAT.format(new Date(iso))} UTC`;
}

export function When({ iso, empty = "—" }: { iso: string | null | undefined; empty?: string }) {
  if (!iso) return <span className="text-slate-500">{empty}</span>;
  return <time dateTime={iso}>{formatUtc(iso)}</time>;
}
