"use client";
// Reconciliation for admins: start one, watch its progress bar, and see which webhook deliveries
// the platform reports as failed (and whether we have those events anyway). The page hands in the
// server action that starts a run; the progress is polled from GET /api/reconciliation.
import Link from "next/link";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { timeLocale } from "@/lib/i18n/locales";
import type { Say } from "@/lib/i18n/say";
import { getResult } from "@/lib/results/client";
import type { ActionResult } from "@/lib/results/result";
import type { ReconciliationView } from "@/lib/events/reconcile/view";
import { formatTime } from "@/lib/format/time";
import { useClinicTimeZone } from "@/components/ui/time-zone";
import { DataTable, type Column } from "@/components/ui/data-table";
import { ErrorState } from "@/components/ui/states";
import { useStoredText } from "@/components/ui/stored-text";
import { typeLabel } from "@/components/events/format";
import { deliveryProblemText } from "@/lib/admin/delivery-problem";

const ACTIVE = new Set(["queued", "running"]);
/** The compact line's status: between the title and the button, or on a line of its own on a phone. */
const COMPACT_STATUS = "order-last basis-full sm:order-none sm:basis-auto sm:min-w-0 sm:flex-1";

/** A failed delivery's last error in the delivery log's words (lib/admin/delivery-problem.ts). */
function lastProblem(d: ReconciliationView["failedDeliveries"][number], say: Say): string {
  return deliveryProblemText({ status_code: d.lastStatus, error: d.lastError }, say) ?? "—";
}

const FAILED_COLUMNS = (t: Say, say: Say): Column<ReconciliationView["failedDeliveries"][number]>[] => [
  { key: "event", header: t("event"), title: true, className: "font-mono font-normal", cell: (d) => d.eventId },
  { key: "type", header: t("type"), cell: (d) => typeLabel(d.eventType, say) },
  { key: "attempts", header: t("attempts"), cell: (d) => d.failedAttempts },
  {
    key: "last-error",
    header: t("lastError"),
    cell: (d) => lastProblem(d, say),
  },
  { key: "stored", header: t("stored"), cell: (d) => (d.storedLocally ? t("yes") : t("no")) },
];

/**
 * `compact`: the timeline's one line (its list must start near the top of the screen): the last
 * run's status, its progress and the button, with failed deliveries counted and linked to the
 * Reconciliation page, which shows them in full.
 */
export function ReconciliationPanel({
  start: startRun,
  compact = false,
}: {
  start: () => Promise<ActionResult<ReconciliationView>>;
  compact?: boolean;
}) {
  const queryClient = useQueryClient();
  const t = useTranslations("events.reconciliation");
  const say = useTranslations();
  const storedText = useStoredText();
  const locale = timeLocale(useLocale());
  const timeZone = useClinicTimeZone();
  const status = useQuery({
    queryKey: ["reconciliation"],
    queryFn: () => getResult<ReconciliationView | null>("/api/reconciliation"),
    refetchInterval: (q) => (q.state.data && ACTIVE.has(q.state.data.status) ? 1000 : 15_000),
    staleTime: 0,
  });
  const start = useMutation({
    mutationFn: () => startRun(),
    onSuccess: (result) => {
      if (result.ok) queryClient.setQueryData(["reconciliation"], result.data);
      void queryClient.invalidateQueries({ queryKey: ["events"] });
    },
  });
  const run = status.data;
  const active = run ? ACTIVE.has(run.status) : false;
  const button = (
    <button
      type="button"
      onClick={() => start.mutate()}
      disabled={start.isPending || active}
      className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white disabled:opacity-60"
    >
      {active ? t("running") : t("start")}
    </button>
  );
  const runStatus = run && (
    <p role="status" className={`text-sm text-slate-700 ${compact ? COMPACT_STATUS : ""}`}>
      {run.status === "queued" && t("queued")}
      {run.status === "running" &&
        t("runningStatus", { percent: run.percent, fetched: run.fetched, inserted: run.inserted })}
      {run.status === "succeeded" &&
        t("done", {
          when: run.finishedAt ? formatTime(run.finishedAt, { timeZone, ...(locale && { locale }) }) : "",
          fetched: run.fetched,
          inserted: run.inserted,
        })}
      {run.status === "failed" && (run.error ? t("failed", { error: storedText(run.error) }) : t("failedUnknown"))}
    </p>
  );
  const progress = run && (
    <div
      role="progressbar"
      aria-label={t("progress")}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={run.percent}
      className={`${compact ? "h-1" : "h-2"} w-full overflow-hidden rounded bg-slate-100`}
    >
      <div className="h-full bg-brand-600 transition-all" style={{ width: `${run.percent}%` }} />
    </div>
  );
  const problems = (
    <>
      {start.data && !start.data.ok && (
        <p role="alert" className="text-sm text-red-700">
          {start.data.message}
        </p>
      )}
      {start.isError && (
        <p role="alert" className="text-sm text-red-700">
          {t("startFailed")}
        </p>
      )}
      {status.isError && !run && (
        <ErrorState
          title={t("statusFailed")}
          error={{ message: t("tryAgain") }}
          onRetry={() => void status.refetch()}
        />
      )}
    </>
  );
  if (compact)
    return (
      <section
        aria-labelledby="reconcile-title"
        className="space-y-2 rounded-lg border border-slate-200 bg-white px-4 py-2"
      >
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <h2 id="reconcile-title" className="mr-auto text-sm font-semibold sm:mr-0">
            {t("title")}
          </h2>
          {runStatus}
          {status.isPending && <p className={`text-sm text-slate-600 ${COMPACT_STATUS}`}>{t("loading")}</p>}
          {run === null && <p className={`text-sm text-slate-600 ${COMPACT_STATUS}`}>{t("noneShort")}</p>}
          {run && run.failedDeliveries.length > 0 && (
            <Link href="/admin/reconciliation" className="text-sm text-brand-700 underline-offset-2 hover:underline">
              {t("failedLink", { count: run.failedDeliveries.length })}
            </Link>
          )}
          {button}
        </div>
        {progress}
        {problems}
      </section>
    );
  return (
    <section aria-labelledby="reconcile-title" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="reconcile-title" className="text-base font-semibold">
          {t("title")}
        </h2>
        {button}
      </div>
      <p className="text-sm text-slate-600">{t("intro")}</p>
      {problems}
      {status.isPending && <p className="text-sm text-slate-600">{t("loading")}</p>}
      {run === null && (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
          {t("none")}
        </p>
      )}
      {run && (
        <div className="space-y-2">
          {progress}
          {runStatus}
          {run.failedDeliveries.length > 0 && (
            <DataTable
              bare
              density="compact"
              label={t("failedDeliveries")}
              columns={FAILED_COLUMNS(t, say)}
              rows={run.failedDeliveries}
              rowKey={(d) => d.eventId}
            />
          )}
        </div>
      )}
    </section>
  );
}
