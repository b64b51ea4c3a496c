"use client";
// The header's notification area for admins: a link to the alerts page with how many need attention,
// kept current while the page stays open (polled every minute while the tab is visible).
import Link from "next/link";
import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";

export const ALERTS_SUMMARY_ROUTE = "/admin/api/alerts";
const POLL_MS = 60_000;
/**
 * The count in the route's answer (lib/results/result.ts: `{ ok: true, data: { needAttention } }`),
 * or null when it cannot be read. Checked by hand: this sits in every page's header, and zod would
 * add its weight to every page for one number.
 */
export function needAttentionOf(body: unknown): number | null {
  if (typeof body !== "object" || body === null || (body as { ok?: unknown }).ok !== true) return null;
  const data = (body as { data?: unknown }).data;
  const count = typeof data === "object" && data !== null ? (data as { needAttention?: unknown }).needAttention : null;
  return Number.isInteger(count) && (count as number) >= 0 ? (count as number) : null;
}

export function AlertsIndicator({ initialCount }: { initialCount: number }) {
  // A polled count holds until the server renders the header again (a navigation) with a newer one.
  const [polled, setPolled] = useState<{ since: number; count: number } | null>(null);
  const count = polled && polled.since === initialCount ? polled.count : initialCount;
  useEffect(() => {
    const timer = setInterval(async () => {
      if (document.visibilityState !== "visible") return;
      const response = await fetch(ALERTS_SUMMARY_ROUTE, { cache: "no-store" }).catch(() => null);
      const polledCount = needAttentionOf(await response?.json().catch(() => null));
      if (polledCount !== null) setPolled({ since: initialCount, count: polledCount });
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [initialCount]);
  const t = useTranslations("header");
  // The visible words begin the accessible name ("Alerts 3 need attention"), as WCAG 2.5.3 asks:
  // a name that only paraphrased them ("Alerts: 3 need…") left voice users saying words not shown.
  return (
    <Link
      href="/admin/alerts"
      title={t("alertsTitle", { count })}
      data-testid="alerts-indicator"
      className={`inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium ${
        count > 0 ? "bg-amber-100 text-amber-950 hover:bg-amber-200" : "text-slate-700 hover:bg-slate-100"
      }`}
    >
      <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
        <path d="M10 2a5 5 0 0 0-5 5v2.6l-1.4 2.8A1 1 0 0 0 4.5 14h11a1 1 0 0 0 .9-1.6L15 9.6V7a5 5 0 0 0-5-5Zm-2 13a2 2 0 0 0 4 0H8Z" />
      </svg>
      <span>{t("alerts")}</span>{" "}
      <span
        data-testid="alerts-count"
        className={`min-w-5 rounded-full px-1.5 text-center text-xs ${count > 0 ? "bg-amber-600 text-white" : "bg-slate-200"}`}
      >
        {count}
      </span>
      <span className="sr-only"> {t("alertsLabel", { count })}</span>
    </Link>
  );
}
