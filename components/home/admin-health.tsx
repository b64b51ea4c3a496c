// The admin's home panel: the connection's health at a glance, each line linking to where to act.
import Link from "next/link";
import type { AdminOverview } from "@/lib/admin/overview";
import { Panel } from "@/components/home/home-panels";
import { StatusBadge } from "@/components/admin/status-badge";
import { When } from "@/components/ui/when";

export function AdminHealthPanel({ o, failingDeliveries }: { o: AdminOverview; failingDeliveries: boolean }) {
  const broken = o.accounts.byStatus.broken;
  const run = o.reconciliation;
  return (
    <Panel title="Connection health" href="/admin" linkLabel="Open the admin console">
      <ul className="space-y-2" aria-label="Connection health">
        <li>
          <Link href="/admin/accounts" className="hover:underline">
            {broken === 0
              ? "Every account's connection works."
              : `${broken} ${broken === 1 ? "account needs" : "accounts need"} a new sign-in.`}
          </Link>
        </li>
        <li>
          <Link href="/admin/webhooks" className="hover:underline">
            {failingDeliveries
              ? "Webhook deliveries are failing: see what the platform reports."
              : "Webhook deliveries are not failing."}
          </Link>{" "}
          <span className="text-xs text-slate-500">
            last received <When iso={o.webhooks.lastReceiptAt} empty="never" />
          </span>
        </li>
        <li>
          <Link href="/admin/clinic-key" className="hover:underline">
            Clinic key:
          </Link>{" "}
          <StatusBadge state={o.clinicKey.state} />
        </li>
        <li>
          <Link href="/admin/reconciliation" className="hover:underline">
            {run
              ? `Last reconciliation: ${run.status}, ${run.inserted} missing ${run.inserted === 1 ? "event" : "events"} found`
              : "No reconciliation has run yet."}
          </Link>{" "}
          {run && (
            <span className="text-xs text-slate-500">
              <When iso={run.finishedAt ?? run.requestedAt} />
            </span>
          )}
        </li>
      </ul>
    </Panel>
  );
}
