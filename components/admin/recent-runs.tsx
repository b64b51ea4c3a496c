"use client";
// The clinic's last reconciliation runs with what they found, polled quickly while one is under
// way (the panel above starts runs and shows the current one's progress bar).
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { Say } from "@/lib/i18n/say";
import type { ReconciliationView } from "@/lib/events/reconcile/view";
import { getResult } from "@/lib/results/client";
import { eventColumn } from "@/components/admin/event-rows";
import { StatusBadge } from "@/components/admin/status-badge";
import { DataTable, type Column } from "@/components/ui/data-table";
import { StoredText } from "@/components/ui/stored-text";
import { When } from "@/components/ui/when";

const ACTIVE = new Set(["queued", "running"]);

type Run = ReconciliationView;
type FailedDelivery = Run["failedDeliveries"][number];

const RUN_COLUMNS = (t: Say): Column<Run>[] => [
  {
    key: "requested",
    header: t("requested"),
    title: true,
    className: "font-normal",
    cell: (r) => <When iso={r.requestedAt} />,
  },
  { key: "trigger", header: t("trigger"), cell: (r) => (r.trigger === "manual" ? t("byAdmin") : t("schedule")) },
  {
    key: "state",
    header: t("state"),
    cell: (r) => (
      <>
        <StatusBadge state={r.status} />
        {ACTIVE.has(r.status) && <span className="block text-xs text-slate-600">{r.percent}%</span>}
        {r.error && (
          <span className="block max-w-xs text-xs text-red-700">
            <StoredText text={r.error} />
          </span>
        )}
      </>
    ),
  },
  { key: "finished", header: t("finished"), cell: (r) => <When iso={r.finishedAt} /> },
  { key: "read", header: t("read"), cell: (r) => r.fetched },
  { key: "added", header: t("added"), cell: (r) => r.inserted },
  { key: "failed-deliveries", header: t("failedReported"), cell: (r) => r.failedDeliveries.length },
];

const FAILED_COLUMNS = (t: Say, say: Say): Column<FailedDelivery>[] => [
  eventColumn((d) => ({ type: d.eventType, id: d.eventId }), say),
  { key: "attempts", header: t("attempts"), cell: (d) => d.failedAttempts },
  { key: "last-attempt", header: t("lastAttempt"), cell: (d) => <When iso={d.lastAttemptAt} /> },
  { key: "last-answer", header: t("lastAnswer"), cell: (d) => lastAnswer(d, t) },
  {
    key: "stored",
    header: t("storedHere"),
    cell: (d) => (d.storedLocally ? t("yes") : <span className="text-red-700">{t("no")}</span>),
  },
];

export function RecentRuns({ initial }: { initial: ReconciliationView[] }) {
  const t = useTranslations("admin.runs");
  const runs = useQuery({
    queryKey: ["admin", "recent-runs"],
    queryFn: () => getResult<ReconciliationView[]>("/api/reconciliation/runs"),
    initialData: initial,
    refetchInterval: (q) => (q.state.data?.some((r) => ACTIVE.has(r.status)) ? 1000 : 3000),
    staleTime: 0,
  });
  const rows = runs.data;
  if (rows.length === 0) return <p className="text-sm text-slate-600">{t("none")}</p>;
  // A run reports the failures since the one before it, so the newest run that found any shows them.
  const reporting = rows.find((r) => r.failedDeliveries.length > 0);
  return (
    <div className="space-y-4">
      <DataTable
        label={t("label")}
        columns={RUN_COLUMNS(t)}
        rows={rows}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ "data-run": r.id })}
      />
      {reporting && <FailedDeliveries run={reporting} />}
    </div>
  );
}

function lastAnswer(d: FailedDelivery, t: Say): string {
  if (d.lastStatus !== null)
    return d.lastError
      ? t("httpError", { status: d.lastStatus, error: d.lastError })
      : t("http", { status: d.lastStatus });
  return d.lastError ?? t("noAnswer");
}

function FailedDeliveries({ run }: { run: ReconciliationView }) {
  const missing = run.failedDeliveries.filter((d) => !d.storedLocally).length;
  const t = useTranslations("admin.runs");
  const say = useTranslations();
  return (
    <section aria-labelledby="failed-deliveries" className="space-y-2">
      <h4 id="failed-deliveries" className="font-semibold">
        {t("failedTitle")}
      </h4>
      <p className="text-sm text-slate-600">
        {t.rich("reportedTo", { when: () => <When iso={run.requestedAt} />, missing })}
      </p>
      <DataTable
        label={t("failedTitle")}
        columns={FAILED_COLUMNS(t, say)}
        rows={run.failedDeliveries}
        rowKey={(d) => d.eventId}
        rowProps={(d) => ({ "data-failed-event": d.eventId })}
      />
    </section>
  );
}
