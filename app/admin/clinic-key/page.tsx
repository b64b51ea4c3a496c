// Clinic key: enter or replace it, see it masked, and its activation state from the clinic_key.*
// events; a revoked key says what to do next.
import type { Metadata } from "next";
import { requireSection } from "@/lib/auth/require-section";
import { clinicKeyView, type ClinicKeyView } from "@/lib/admin/clinic-key";
import { removeClinicKeyAction, saveClinicKeyAction } from "@/app/admin/clinic-key/actions";
import { ActionButton } from "@/components/admin/action-button";
import { ClinicKeyEvents } from "@/components/admin/clinic-key-events";
import { AutoRefresh } from "@/components/admin/auto-refresh";
import { ClinicKeyForm } from "@/components/admin/clinic-key-form";
import { StatusBadge } from "@/components/admin/status-badge";
import { When } from "@/components/ui/when";
import { PAIRS_GRID } from "@/components/ui/pairs";

export const metadata: Metadata = { title: "Clinic key · Admin" };
export const dynamic = "force-dynamic";

function StateExplanation({ view }: { view: ClinicKeyView }) {
  switch (view.state) {
    case "not_entered":
      return (
        <p>
          No key yet. Webhooks are sent only once the integration is activated, and that takes the first request
          carrying the clinic&apos;s key.
        </p>
      );
    case "waiting":
      return (
        <p>
          The key is stored, but no <code>clinic_key.activated</code> event has arrived since it was entered. It usually
          comes within a minute. If this key was activated before, the platform does not send the event again; running a
          reconciliation on the Reconciliation tab reads the clinic key events.
        </p>
      );
    case "activated":
      return <p>The integration is active: the platform sends this clinic&apos;s events to the app.</p>;
    case "revoked":
      return (
        <div className="space-y-1">
          <p className="font-medium">
            The clinic revoked access for this integration. Requests carrying this key are refused and no more webhooks
            come.
          </p>
          <p>
            What to do: ask the clinic to issue a new key in the platform and enter it below. Until then you can remove
            the revoked key so the app keeps working without it.
          </p>
        </div>
      );
  }
}

export default async function ClinicKeyPage() {
  const { clinicId } = await requireSection("admin");
  const view = await clinicKeyView(clinicId);
  return (
    <div className="space-y-6">
      <AutoRefresh everyMs={view.state === "waiting" ? 2000 : 5000} />
      <h2 className="text-lg font-semibold">Clinic key</h2>
      <section
        aria-labelledby="key-state"
        className={`space-y-3 rounded-lg border bg-white p-4 ${view.state === "revoked" ? "border-red-300" : "border-slate-200"}`}
      >
        <h3 id="key-state" className="font-semibold">
          Activation
        </h3>
        <dl className={`${PAIRS_GRID} gap-y-1 text-sm`}>
          <dt className="text-slate-600">State</dt>
          <dd aria-live="polite" data-testid="clinic-key-state">
            <StatusBadge state={view.state} />
          </dd>
          <dt className="text-slate-600">Key</dt>
          <dd className="font-mono">{view.masked ?? "—"}</dd>
          <dt className="text-slate-600">Entered</dt>
          <dd>
            <When iso={view.setAt} />
          </dd>
          <dt className="text-slate-600">Decided by</dt>
          <dd>
            {view.decidedBy ? (
              <>
                <code>{view.decidedBy.type}</code> of <When iso={view.decidedBy.createdAt} /> (
                <span className="font-mono text-xs">{view.decidedBy.id}</span>)
              </>
            ) : (
              "—"
            )}
          </dd>
        </dl>
        <div className="text-sm text-slate-700">
          <StateExplanation view={view} />
        </div>
      </section>

      <section aria-labelledby="key-form" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <h3 id="key-form" className="font-semibold">
          {view.entered ? "Replace the key" : "Enter the key"}
        </h3>
        <ClinicKeyForm action={saveClinicKeyAction} replacing={view.entered} />
        {view.entered && (
          <ActionButton
            label="Remove the key"
            variant="danger"
            action={removeClinicKeyAction}
            confirm={{
              title: "Remove the clinic key?",
              description:
                "Requests go to the platform without a clinic key. Webhooks continue only while the integration stays activated.",
              confirmLabel: "Remove",
            }}
          />
        )}
      </section>

      <section aria-labelledby="key-events" className="space-y-2">
        <h3 id="key-events" className="font-semibold">
          Clinic key events
        </h3>
        {view.recentEvents.length === 0 ? (
          <p className="text-sm text-slate-600">None received yet.</p>
        ) : (
          <ClinicKeyEvents events={view.recentEvents} />
        )}
      </section>
    </div>
  );
}
