// Gaps: events that webhooks never brought and reconciliation found in the platform's event lists.
import type { WebhookHealth } from "@/lib/admin/webhooks";
import { When } from "@/components/admin/when";

export function GapsTable({ health }: { health: WebhookHealth }) {
  return (
    <section aria-labelledby="gaps" className="space-y-2">
      <h3 id="gaps" className="font-semibold">
        Gaps filled by reconciliation
      </h3>
      <p className="text-sm text-slate-600">
        {health.gapsTotal === 0
          ? "Every stored event arrived by webhook."
          : `${health.gapsTotal} event${health.gapsTotal === 1 ? "" : "s"} arrived only by reconciliation (${health.gapsLast7Days} in the last 7 days). A few are normal; many mean deliveries are failing.`}
      </p>
      {health.recentGaps.length > 0 && (
        <table
          className="w-full rounded-lg border border-slate-200 bg-white text-left text-sm"
          aria-label="Events that arrived only by reconciliation (the 20 newest)"
        >
          <thead className="bg-slate-50 text-xs uppercase text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2">
                Event
              </th>
              <th scope="col" className="px-3 py-2">
                Created
              </th>
              <th scope="col" className="px-3 py-2">
                Found
              </th>
            </tr>
          </thead>
          <tbody>
            {health.recentGaps.map((e) => (
              <tr key={e.id} data-gap-event={e.id} className="border-t border-slate-100">
                <td className="px-3 py-2">
                  <code>{e.type}</code>
                  <span className="block font-mono text-xs text-slate-500">{e.id}</span>
                </td>
                <td className="px-3 py-2">
                  <When iso={e.createdAt} />
                </td>
                <td className="px-3 py-2">
                  <When iso={e.receivedAt} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
