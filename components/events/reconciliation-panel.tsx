"use client";
// Reconciliation for admins: start one, watch its progress bar, and see which webhook deliveries
// the platform reports as failed (and whether we have those events anyway).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { reconciliationStatus, startReconciliation } from "@/app/events/reconciliation-actions";
import { formatWhen } from "@/components/events/format";
import { ErrorState } from "@/components/ui/states";

const ACTIVE = new Set(["queued", "running"]);

export function ReconciliationPanel() {
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: ["reconciliation"],
    queryFn: () => reconciliationStatus(),
    refetchInterval: (q) => (q.state.data && ACTIVE.has(q.state.data.status) ? 1000 : 15_000),
    staleTime: 0,
  });
  const start = useMutation({
    mutationFn: () => startReconciliation(),
    onSuccess: (result) => {
      if (result.ok) queryClient.setQueryData(["reconciliation"], result.run);
      void queryClient.invalidateQueries({ queryKey: ["events"] });
    },
  });
  const run = status.data;
  const active = run ? ACTIVE.has(run.status) : false;
  return (
    <section aria-labelledby="reconcile-title" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="reconcile-title" className="text-base font-semibold">
          Reconciliation
        </h2>
        <button
          type="button"
          onClick={() => start.mutate()}
          disabled={start.isPending || active}
          className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white disabled:opacity-60"
        >
          {active ? "Reconciling…" : "Reconcile now"}
        </button>
      </div>
      <p className="text-sm text-slate-600">
        Reads the platform&apos;s event lists and stores any event a webhook missed. Runs every 15 minutes on its own.
      </p>
      {start.data && !start.data.ok && (
        <p role="alert" className="text-sm text-red-700">
          {start.data.message}
        </p>
      )}
      {start.isError && (
        <p role="alert" className="text-sm text-red-700">
          The reconciliation could not be started. Check your connection and try again.
        </p>
      )}
      {status.isPending && <p className="text-sm text-slate-600">Loading the latest reconciliation…</p>}
      {status.isError && !run && (
        <ErrorState
          title="The reconciliation status could not be loaded"
          error={{ message: "Check your connection and try again. If it keeps happening, tell your administrator." }}
          onRetry={() => void status.refetch()}
        />
      )}
      {run === null && (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
          No reconciliation has run yet. Reconcile now to run the first one.
        </p>
      )}
      {run && (
        <div className="space-y-2">
          <div
            role="progressbar"
            aria-label="Reconciliation progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={run.percent}
            className="h-2 w-full overflow-hidden rounded bg-slate-100"
          >
            <div className="h-full bg-brand-600 transition-all" style={{ width: `${run.percent}%` }} />
          </div>
          <p role="status" className="text-sm text-slate-700">
            {run.status === "queued" && "Waiting to start…"}
            {run.status === "running" && `Running: ${run.percent}% · ${run.fetched} read, ${run.inserted} added`}
            {run.status === "succeeded" &&
              `Done ${run.finishedAt ? formatWhen(run.finishedAt) : ""}: ${run.fetched} read, ${run.inserted} added.`}
            {run.status === "failed" && `Failed: ${run.error ?? "unknown error"}`}
          </p>
          {run.failedDeliveries.length > 0 && (
            <table className="w-full text-left text-xs" aria-label="Failed webhook deliveries">
              <thead>
                <tr>
                  <th className="py-1">Event</th>
                  <th>Type</th>
                  <th>Failed attempts</th>
                  <th>Last error</th>
                  <th>Have it?</th>
                </tr>
              </thead>
              <tbody>
                {run.failedDeliveries.map((d) => (
                  <tr key={d.eventId} className="border-t border-slate-100">
                    <td className="py-1 font-mono">{d.eventId}</td>
                    <td>{d.eventType}</td>
                    <td>{d.failedAttempts}</td>
                    <td>{d.lastError ?? (d.lastStatus ? `HTTP ${d.lastStatus}` : "—")}</td>
                    <td>{d.storedLocally ? "Yes" : "No"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </section>
  );
}
