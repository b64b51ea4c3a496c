// The admin console's overview: the state of every part at a glance, each linking to its section.
import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { requireSection } from "@/lib/auth/require-section";
import { adminOverview } from "@/lib/admin/overview";
import { StatusBadge } from "@/components/admin/status-badge";
import { When } from "@/components/ui/when";

export const metadata: Metadata = { title: "Admin" };
export const dynamic = "force-dynamic";

function Card({ title, href, children }: { title: string; href: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="font-semibold">
        <Link href={href} className="hover:underline">
          {title}
        </Link>
      </h2>
      <div className="space-y-1 text-sm text-slate-700">{children}</div>
    </section>
  );
}

export default async function AdminOverviewPage() {
  const { user } = await requireSection("admin");
  const o = await adminOverview({ userId: user.id, clinicId: user.clinicId });
  const s = o.accounts.byStatus;
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      <Card title="Accounts" href="/admin/accounts">
        {o.environment.authMode === "clinic" ? (
          <p>
            Clinic token: <StatusBadge state={o.accounts.clinicConnection ?? "none"} />
          </p>
        ) : (
          <p>
            {o.accounts.users} {o.accounts.users === 1 ? "user" : "users"}: {s.connected} connected, {s.expiring}{" "}
            expiring, {s.broken} broken, {s.revoked} revoked{s.none ? `, ${s.none} not connected` : ""}.
          </p>
        )}
        {s.broken > 0 && <p className="text-red-700">Broken connections need their users to sign in again.</p>}
      </Card>
      <Card title="Clinic key" href="/admin/clinic-key">
        <p>
          <StatusBadge state={o.clinicKey.state} />{" "}
          {o.clinicKey.since && (
            <>
              since <When iso={o.clinicKey.since} />
            </>
          )}
        </p>
        {o.clinicKey.state === "revoked" && (
          <p className="text-red-700">The clinic revoked access: enter its new key.</p>
        )}
      </Card>
      <Card title="Webhooks" href="/admin/webhooks">
        <p>
          Last received: <When iso={o.webhooks.lastReceiptAt} empty="none yet" /> · {o.webhooks.receiptsLast24h} in 24 h
        </p>
        <p>Gaps filled by reconciliation in 7 days: {o.webhooks.gapsLast7Days}</p>
        <p>
          Secret {o.webhooks.secretConfigured ? "configured" : "missing"}, challenge token{" "}
          {o.webhooks.challengeConfigured ? "configured" : "missing"}.
        </p>
      </Card>
      <Card title="Reconciliation" href="/admin/reconciliation">
        {o.reconciliation ? (
          <p>
            <StatusBadge state={o.reconciliation.status} /> requested <When iso={o.reconciliation.requestedAt} />
            {o.reconciliation.status === "succeeded" ? `, ${o.reconciliation.inserted} missing events added` : ""}
          </p>
        ) : (
          <p>None yet.</p>
        )}
      </Card>
      <Card title="Environment" href="/admin/environment">
        <p>{o.environment.server}</p>
        <p>{o.environment.authMode === "role" ? "Role-based authorization" : "Clinic-level authorization"}</p>
      </Card>
    </div>
  );
}
