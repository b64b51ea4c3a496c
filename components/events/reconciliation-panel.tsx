"use client";
// Reconciliation for admins: start one, watch its progress bar, and see which webhook deliveries
// the platform reports as failed (and whether we have those events anyway). The page hands in the
// server action that starts a run; the progress is polled from GET /api/reconciliation.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { timeLocale } from "@/lib/i18n/locales";
import type { Say } from "@/lib/events/summary-messages";
import { getResult } from "@/lib/actions/client";
import type { ActionResult } from "@/lib/actions/result";
import type { ReconciliationView } from "@/lib/events/reconcile/view";
import { formatTime } from "@/lib/format/time";
import { useClinicTimeZone } from "@/components/ui/time-zone";
import { DataTable, type Column } from "@/components/ui/data-table";
import { ErrorState } from "@/components/ui/states";
import { useStoredText } from "@/components/ui/stored-text";

const ACTIVE = new Set(["queued", "running"]);

const FAILED_COLUMNS = (t: Say): Column<ReconciliationView["failedDeliveries"][number]>[] => [
  { key: "event", header: t("event"), title: true, className: "font-mono font-normal", cell: (d) => d.eventId },
  { key: "type", header: t("type"), cell: (d) => d.eventType },
  { key: "attempts", header: t("attempts"), cell: (d) => d.failedAttempts },
  {
    key: "last-error",
    header: t("lastError"),
    cell: (d) => d.lastError ?? (d.lastStatus ? t("httpStatus", { status: d.lastStatus }) : "—"),
  },
  { key: "stored", header: t("stored"), cell: (d) => (d.storedLocally ? t("yes") : t("no")) },
];

export function ReconciliationPanel({ start: startRun }: { start: () => Promise<ActionResult<ReconciliationView>> }) {
  const queryClient = useQueryClient();
  const t = useTranslations("events.reconciliation");
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
  return (
    <section aria-labelledby="reconcile-title" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="reconcile-title" className="text-base font-semibold">
          {t("title")}
        </h2>
        <button
          type="button"
          onClick={() => start.mutate()}
          disabled={start.isPending || active}
          className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white disabled:opacity-60"
        >
          {active ? t("running") : t("start")}
        </button>
      </div>
      <p className="text-sm text-slate-600">{t("intro")}</p>
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
      {status.isPending && <p className="text-sm text-slate-600">{t("loading")}</p>}
      {status.isError && !run && (
        <ErrorState
          title={t("statusFailed")}
          error={{ message: t("tryAgain") }}
          onRetry={() => void status.refetch()}
        />
      )}
      {run === null && (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
          {t("none")}
        </p>
      )}
      {run && (
        <div className="space-y-2">
          <div
            role="progressbar"
            aria-label={t("progress")}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={run.percent}
            className="h-2 w-full overflow-hidden rounded bg-slate-100"
          >
            <div className="h-full bg-brand-600 transition-all" style={{ width: `${run.percent}%` }} />
          </div>
          <p role="status" className="text-sm text-slate-700">
            {run.status === "queued" && t("queued")}
            {run.status === "running" &&
              t("runningStatus", { percent: run.percent, fetched: run.fetched, inserted: run.inserted })}
            {run.status === "succeeded" &&
              t("done", {
                when: run.finishedAt ? formatTime(run.finishedAt, { timeZone, ...(locale && { locale }) }) : "",
                fetched: run.fetched,
                inserted: run.inserted,
              })}
            {run.status === "failed" &&
              (run.error ? t("failed", { error: storedText(run.error) }) : t("failedUnknown"))}
          </p>
          {run.failedDeliveries.length > 0 && (
            <DataTable
              bare
              density="compact"
              label={t("failedDeliveries")}
              columns={FAILED_COLUMNS(t)}
              rows={run.failedDeliveries}
              rowKey={(d) => d.eventId}
            />
          )}
        </div>
      )}
    </section>
  );
}
