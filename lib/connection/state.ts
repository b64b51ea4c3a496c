// Whether the clinic is connected to the platform, as everyone in the app is told it: a pure decision
// from what the app's own tables say (tested as a table), so that the admin's checklist, the staff's
// "Live" and the sentence a practitioner reads never disagree.
//
// - "setting-up": no clinic key yet, or a key the platform has not activated: the platform sends no
//   webhooks for the clinic, so nothing new can show.
// - "broken": the clinic revoked the key, the platform refuses the stored key (it no longer knows
//   it), or the clinic-level connection (clinic mode) no longer works.
// - "connected": otherwise. The checklist stays on the admin's home until its three steps are done.
import type { ClinicKeyState } from "@/lib/admin/key-state";

export type ClinicStatus = "setting-up" | "broken" | "connected";
export type BrokenBecause = "key-revoked" | "key-refused" | "clinic-connection";

export interface ConnectionFacts {
  keyState: ClinicKeyState;
  /** Any webhook delivery stored for the clinic. */
  webhookReceived: boolean;
  /** Any reconciliation run of the clinic that succeeded. */
  reconciled: boolean;
  /** Clinic mode only: the clinic-level connection is broken or revoked. */
  clinicConnectionBroken: boolean;
}

export interface SetupStep {
  key: "clinicKey" | "firstWebhook" | "firstReconciliation";
  done: boolean;
  href: string;
}

export interface ConnectionView {
  status: ClinicStatus;
  brokenBecause: BrokenBecause | null;
  /** The admin's checklist; empty once every step is done. */
  steps: SetupStep[];
}

export function connectionView(facts: ConnectionFacts): ConnectionView {
  const brokenBecause: BrokenBecause | null =
    facts.keyState === "revoked"
      ? "key-revoked"
      : facts.keyState === "refused"
        ? "key-refused"
        : facts.clinicConnectionBroken
          ? "clinic-connection"
          : null;
  const status: ClinicStatus = brokenBecause
    ? "broken"
    : facts.keyState === "not_entered" || facts.keyState === "waiting"
      ? "setting-up"
      : "connected";
  const steps: SetupStep[] = [
    { key: "clinicKey", done: facts.keyState === "activated", href: "/admin/clinic-key" },
    { key: "firstWebhook", done: facts.webhookReceived, href: "/admin/webhooks" },
    { key: "firstReconciliation", done: facts.reconciled, href: "/admin/reconciliation" },
  ];
  return { status, brokenBecause, steps: steps.every((s) => s.done) ? [] : steps };
}
