// A server action's row: who calls which action with what, and the answer it must get; the actions
// by their module and export, and the forms and helpers the rows are written with.
import { TAG, type Cast, type Who } from "../../support/cast";
import type { ActionRef } from "../../support/server-actions";
import { INVALID } from "../answers";

export type Expected =
  | { value: (c: Cast) => unknown }
  | { holds: (value: unknown, c: Cast) => void | Promise<void> }
  | { next: { status: number; text?: string } };

export const is = (value: unknown): Expected => ({ value: () => value });
export const holds = (check: (value: unknown, c: Cast) => void | Promise<void>): Expected => ({ holds: check });
/** Next.js refuses before the action runs: an opaque error digest (500) or its own plain text. */
export const nextRefuses = (status: number, text?: string): Expected => ({ next: { status, text } });
/** The app server refuses before Next.js reads the action (lib/limits/action-guard.ts): a plain JSON answer. */
export const serverRefuses = (status: number, error: string): Expected =>
  nextRefuses(status, JSON.stringify({ error }));

type Listed<T> = { ok: true; data: { items: T[] } };
type Timeline = { ok: true; data: { events: Array<{ id: string }> } };
export type ChartAnswer = { ok: true; data: { days: string[] } };
export const IDLE = { ok: true, data: null };
export const keyForm = (key?: string | Blob) => {
  const form = new FormData();
  if (key !== undefined) form.set("clinicKey", key);
  return form;
};
export const VALID_EDIT = { name: `${TAG} renamed`, save_to_library: "true" };

export interface ActionRow {
  name: string;
  action: ActionRef;
  as: Who;
  args?: (c: Cast) => unknown[];
  /** A hand-made body instead of React's encoding (hostile to the framework's decoder). */
  body?: (c: Cast) => string;
  headers?: Record<string, string>;
  /** A session cookie to send instead of the caller's (e.g. one whose session has ended). */
  cookie?: (c: Cast) => string;
  /** Another `Next-Action` header than the action's own. */
  actionId?: string;
  answer: Expected;
  /** Strings the answer must not contain (the hostile input where an echo would be unsafe). */
  noEcho?: (c: Cast) => string[];
}

export const RECON_START = "app/events/reconciliation-actions.ts#startReconciliation";
export const ACCOUNTS = {
  revoke: "app/admin/accounts/actions.ts#revokeConnectionAction",
  refresh: "app/admin/accounts/actions.ts#forceRefreshAction",
  reconnect: "app/admin/accounts/actions.ts#requestReconnectAction",
  setAdmin: "app/admin/accounts/actions.ts#setAdminAction",
  setAdminBeforeSignIn: "app/admin/accounts/actions.ts#setAdminBeforeSignInAction",
  replaceClinicToken: "app/admin/accounts/actions.ts#prepareClinicTokenReplacementAction",
} as const;
export const KEY = {
  save: "app/admin/clinic-key/actions.ts#saveClinicKeyAction",
  remove: "app/admin/clinic-key/actions.ts#removeClinicKeyAction",
} as const;
export const PATIENTS = "app/patients/actions.ts#loadPatients";
export const NEW_PATIENT = "app/patients/new/actions.ts#createPatientAction";
/** A valid new patient's form with `change` applied: a row's one fault is the only one. */
export const patientForm = (change: Record<string, string>) => {
  const form = new FormData();
  const fields = { first_name: "Hostile", last_name: "Input", email: "hostile.input@mail.example", ...change };
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
};
export const CANCEL_PLAN = "app/patients/[id]/actions.ts#cancelPlan";
export const ALERTS = {
  acknowledge: "app/admin/alerts/actions.ts#acknowledgeAlertAction",
  email: "app/admin/alerts/actions.ts#saveAlertEmailAction",
  testEmail: "app/admin/alerts/actions.ts#sendTestEmailAction",
  check: "app/admin/alerts/actions.ts#checkAlertsNowAction",
} as const;
export const TIME_ZONE = "app/admin/settings/actions.ts#saveTimeZoneAction";
export const zoneForm = (timeZone: string) => {
  const form = new FormData();
  form.set("timeZone", timeZone);
  return form;
};
/** The zone's own rules (its schema) refused it. */
export const badZone = (message: string) => ({
  ok: false,
  code: "invalid",
  message: INVALID,
  errors: { timeZone: [message] },
});
export const NOT_A_ZONE = "That is not a time zone this app knows. Choose one from the list, e.g. America/Vancouver.";
/** An alert id no clinic has (one of another clinic answers the same: not found among the caller's). */
export const NO_SUCH_ALERT = { alertId: "00000000-0000-4000-8000-000000000000" };
export const emailForm = (email: string) => {
  const form = new FormData();
  form.set("email", email);
  return form;
};
/** The address's own rules (its schema) refused it. */
export const badEmail = (message: string) => ({
  ok: false,
  code: "invalid",
  message: INVALID,
  errors: { email: [message] },
});
export const RES = {
  list: "app/resources/actions.ts#loadResources",
  service: "app/resources/actions.ts#loadServiceResources",
  practitioners: "app/resources/actions.ts#loadPractitioners",
  plans: "app/resources/actions.ts#loadTreatmentPlans",
  update: "app/resources/actions.ts#updateResourceDetails",
  remove: "app/resources/actions.ts#deleteResource",
} as const;

export const timelineIds = (value: unknown) => (value as Timeline).data.events.map((e) => e.id);
export const itemIds = (value: unknown) => (value as Listed<{ id: string }>).data.items.map((i) => i.id);
export const connection = (connectionId: unknown) => [{ connectionId }];
export const promotion = (userId: unknown, isAdmin?: unknown) => [{ userId, isAdmin }];
export const earlyGrant = (platformUserId: unknown, grant?: unknown) => [{ platformUserId, grant }];
