"use client";
// The clinic's last reconciliation runs with what they found, polled quickly while one is under
// way (the panel above starts runs and shows the current one's progress bar).
import { useQuery } from "@tanstack/react-query";
import type { ReconciliationView } from "@/lib/events/reconcile/view";
import { getResult } from "@/lib/actions/client";
import { eventColumn } from "@/components/admin/event-rows";
import { StatusBadge } from "@/components/admin/status-badge";
import { DataTable, type Column } from "@/components/ui/data-table";
import { When } from "@/components/ui/when";

const ACTIVE = new Set(["queued", "running"]);

type Run = ReconciliationView;
type FailedDelivery = Run["failedDeliveries"][number];

const RUN_COLUMNS: Column<Run>[] = [
  {
    key: "requested",
    header: "Requested",
    title: true,
    className: "font-normal",
    cell: (r) => <When iso={r.requestedAt} />,
  },
  { key: "trigger", header: "Trigger", cell: (r) => (r.trigger === "manual" ? "By an admin" : "Schedule") },
  {
    key: "state",
    header: "State",
    cell: (r) => (
      <>
        <StatusBadge state={r.status} />
        {ACTIVE.has(r.status) && <span className="block text-xs text-slate-600">{r.percent}%</span>}
        {r.error && <span className="block max-w-xs text-xs text-red-700">{r.error}</span>}
      </>
    ),
  },
  { key: "finished", header: "Finished", cell: (r) => <When iso={r.finishedAt} /> },
  { key: "read", header: "Events read", cell: (r) => r.fetched },
  { key: "added", header: "Missing events added", cell: (r) => r.inserted },
  { key: "failed-deliveries", header: "Failed deliveries reported", cell: (r) => r.failedDeliveries.length },
];

const FAILED_COLUMNS: Column<FailedDelivery>[] = [
  eventColumn((d) => ({ type: d.eventType, id: d.eventId })),
  { key: "attempts", header: "Failed attempts", cell: (d) => d.failedAttempts },
  { key: "last-attempt", header: "Last attempt", cell: (d) => <When iso={d.lastAttemptAt} /> },
  { key: "last-answer", header: "Last answer", cell: lastAnswer },
  {
    key: "stored",
    header: "Stored here",
    cell: (d) => (d.storedLocally ? "Yes" : <span className="text-red-700">No</span>),
  },
];

export function RecentRuns({ initial }: { initial: ReconciliationView[] }) {
  const runs = useQuery({
    queryKey: ["admin", "recent-runs"],
    queryFn: () => getResult<ReconciliationView[]>("/api/reconciliation/runs"),
    initialData: initial,
    refetchInterval: (q) => (q.state.data?.some((r) => ACTIVE.has(r.status)) ? 1000 : 3000),
    staleTime: 0,
  });
  const rows = runs.data;
  if (rows.length === 0)
    return <p className="text-sm text-slate-600">No reconciliation has run for this clinic yet.</p>;
  // A run reports the failures since the one before it, so the newest run that found any shows them.
  const reporting = rows.find((r) => r.failedDeliveries.length > 0);
  return (
    <div className="space-y-4">
      <DataTable
        label="Last reconciliation runs"
        columns={RUN_COLUMNS}
        rows={rows}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ "data-run": r.id })}
      />
      {reporting && <FailedDeliveries run={reporting} />}
    </div>
  );
}

function lastAnswer(d: FailedDelivery): string {
  if (d.lastStatus !== null) return `HTTP ${d.lastStatus}${d.lastError ? `: ${d.lastError}` : ""}`;
  return d.lastError ?? "no answer";
}

function FailedDeliveries({ run }: { run: ReconciliationView }) {
  const missing = run.failedDeliveries.filter((d) => !d.storedLocally).length;
  return (
    <section aria-labelledby="failed-deliveries" className="space-y-2">
      <h4 id="failed-deliveries" className="font-semibold">
        Failed webhook deliveries
      </h4>
      <p className="text-sm text-slate-600">
        Reported by the platform to the run requested <When iso={run.requestedAt} />.{" "}
        {missing === 0
          ? "Every one of these events is stored here all the same (reconciliation fetched what the webhooks missed)."
          : `${missing} of these events could not be fetched (older than the platform's 30 days, or gone); the others are stored here.`}
      </p>
      <DataTable
        label="Failed webhook deliveries"
        columns={FAILED_COLUMNS}
        rows={run.failedDeliveries}
        rowKey={(d) => d.eventId}
        rowProps={(d) => ({ "data-failed-event": d.eventId })}
      />
    </section>
  );
}
