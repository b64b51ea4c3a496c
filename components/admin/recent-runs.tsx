"use client";
// The clinic's last reconciliation runs with what they found, polled quickly while one is under
// way (the panel above starts runs and shows the current one's progress bar).
import { useQuery } from "@tanstack/react-query";
import type { ReconciliationView } from "@/lib/events/reconcile/view";
import { loadRecentRunsAction } from "@/app/admin/reconciliation/actions";
import { StatusBadge } from "@/components/admin/status-badge";
import { When } from "@/components/admin/when";

const ACTIVE = new Set(["queued", "running"]);

export function RecentRuns({ initial }: { initial: ReconciliationView[] }) {
  const runs = useQuery({
    queryKey: ["admin", "recent-runs"],
    queryFn: async () => (await loadRecentRunsAction()) ?? [],
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
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full text-left text-sm" aria-label="Last reconciliation runs">
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2">
                Requested
              </th>
              <th scope="col" className="px-3 py-2">
                Trigger
              </th>
              <th scope="col" className="px-3 py-2">
                State
              </th>
              <th scope="col" className="px-3 py-2">
                Finished
              </th>
              <th scope="col" className="px-3 py-2">
                Events read
              </th>
              <th scope="col" className="px-3 py-2">
                Missing events added
              </th>
              <th scope="col" className="px-3 py-2">
                Failed deliveries reported
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-run={r.id} className="border-t border-slate-100 align-top">
                <td className="px-3 py-2">
                  <When iso={r.requestedAt} />
                </td>
                <td className="px-3 py-2">{r.trigger === "manual" ? "By an admin" : "Schedule"}</td>
                <td className="px-3 py-2">
                  <StatusBadge state={r.status} />
                  {ACTIVE.has(r.status) && <span className="block text-xs text-slate-600">{r.percent}%</span>}
                  {r.error && <span className="block max-w-xs text-xs text-red-700">{r.error}</span>}
                </td>
                <td className="px-3 py-2">
                  <When iso={r.finishedAt} />
                </td>
                <td className="px-3 py-2">{r.fetched}</td>
                <td className="px-3 py-2">{r.inserted}</td>
                <td className="px-3 py-2">{r.failedDeliveries.length}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {reporting && <FailedDeliveries run={reporting} />}
    </div>
  );
}

function lastAnswer(d: ReconciliationView["failedDeliveries"][number]): string {
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
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full text-left text-sm" aria-label="Failed webhook deliveries">
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2">
                Event
              </th>
              <th scope="col" className="px-3 py-2">
                Failed attempts
              </th>
              <th scope="col" className="px-3 py-2">
                Last attempt
              </th>
              <th scope="col" className="px-3 py-2">
                Last answer
              </th>
              <th scope="col" className="px-3 py-2">
                Stored here
              </th>
            </tr>
          </thead>
          <tbody>
            {run.failedDeliveries.map((d) => (
              <tr key={d.eventId} data-failed-event={d.eventId} className="border-t border-slate-100 align-top">
                <td className="px-3 py-2">
                  <code>{d.eventType}</code>
                  <span className="block font-mono text-xs text-slate-500">{d.eventId}</span>
                </td>
                <td className="px-3 py-2">{d.failedAttempts}</td>
                <td className="px-3 py-2">
                  <When iso={d.lastAttemptAt} />
                </td>
                <td className="px-3 py-2">{lastAnswer(d)}</td>
                <td className="px-3 py-2">{d.storedLocally ? "Yes" : <span className="text-red-700">No</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
