// Bad input everywhere (issue 9), and cross-clinic attempts refused (issue 4): for each route handler
// and each server action, a table of hostile requests over real HTTP against the built app, each
// row with the exact answer it must get. A server action is a public POST endpoint, so rows call
// them directly the way the browser does (support/server-actions.ts). Every row also checks that
// the answer carries no stack trace, secret or unsafe echo, and that nothing was stored or changed
// in the app's database or at the platform (support/fingerprint.ts). Users and the other clinic's
// ids come from support/cast.ts.
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type APIResponse,
  type Page,
  type Request,
} from "@playwright/test";
import { encode } from "next-auth/jwt";
import { signInMessage } from "@/app/signin/messages";
import { LOCAL_DEFAULTS } from "@/lib/contract/local-defaults";
import { FILES } from "@/sandbox/testing/files";
import { E2E_ENV } from "./stack-env";
import { assembleCast, TAG, type Cast, type Who } from "./support/cast";
import { fingerprint } from "./support/fingerprint";
import {
  actionTarget,
  decodeAnswer,
  decodeJsonArgs,
  encodeReply,
  postAction,
  type ActionAnswer,
  type ActionRef,
  type ReceivedAnswer,
} from "./support/server-actions";
import { SANDBOX } from "./support/session";

// ---------------------------------------------------------------------------------------------
// What every answer must not carry, and what a row expects.

const TOKEN = /\b(at|rt)_[A-Za-z0-9_-]{32}\b/;
const STACK = /\n\s+at \S+ \(|node_modules|\.next\/server|webpack-internal|PrismaClient/;

function expectNoLeak(text: string, cast: Cast, echo: string[]): void {
  expect(text).not.toMatch(TOKEN);
  expect(text).not.toMatch(STACK);
  const secrets = [
    LOCAL_DEFAULTS.clientSecret,
    LOCAL_DEFAULTS.webhookSecret,
    LOCAL_DEFAULTS.webhookChallenge,
    cast.databaseUrl,
    cast.other.clinicKey,
    cast.clinics.a.current_clinic_key,
  ];
  for (const secret of [...secrets, ...echo])
    expect(text, `the answer contains ${JSON.stringify(secret.slice(0, 60))}`).not.toContain(secret);
}

type Expected =
  | { signIn: true }
  | { notFound: true }
  | { value: (c: Cast) => unknown }
  | { holds: (value: unknown, c: Cast) => void | Promise<void> }
  | { next: { status: number; text?: string } };

const signIn: Expected = { signIn: true };
const notFound: Expected = { notFound: true };
const is = (value: unknown): Expected => ({ value: () => value });
const holds = (check: (value: unknown, c: Cast) => void | Promise<void>): Expected => ({ holds: check });
/** Next.js refuses before the action runs: an opaque error digest (500) or its own plain text. */
const nextRefuses = (status: number, text?: string): Expected => ({ next: { status, text } });
/** proxy.ts refuses before Next.js decodes the action (lib/server-action-guard.ts): a plain JSON answer. */
const proxyRefuses = (status: number, error: string): Expected => nextRefuses(status, JSON.stringify({ error }));

// ---------------------------------------------------------------------------------------------
// Answers of the app's actions, written once.

const NOT_ADMIN = {
  ok: false,
  message: "Only admins of this clinic may do this. Ask an admin to promote you.",
  errors: {},
  notAdmin: true,
};
const NO_CONNECTION = { ok: false, message: "No such connection in your clinic.", errors: {} };
const BAD_CONNECTION = {
  ok: false,
  message: "Please correct the highlighted fields.",
  errors: { connectionId: ["That is not a connection of this app."] },
};
const NO_USER = { ok: false, message: "No such user in your clinic.", errors: {} };
const fieldsRefused = (message: string, fields: string[]) => ({
  ok: false,
  message,
  errors: Object.fromEntries(fields.map((f) => [f, [expect.any(String)]])),
});
const badAdminFields = (...fields: string[]) => fieldsRefused("Please correct the highlighted fields.", fields);
const KEY_MESSAGES = {
  unknown:
    "The platform does not know this key for your clinic. Copy it again from the platform's dashboard; a key of another clinic is refused too.",
  short: "A clinic key is longer than that: copy the whole key from the platform's dashboard.",
  long: "That is too long for a clinic key: copy only the key.",
  characters: "A clinic key has no spaces or special characters: copy only the key.",
};
const keyRefused = (...messages: string[]) => ({
  ok: false,
  message: "The key was not saved.",
  errors: { clinicKey: messages },
});
/** An empty key: too short, and (being empty) not made of the key's characters either. */
const KEY_MISSING = keyRefused(KEY_MESSAGES.short, KEY_MESSAGES.characters);
const badFilters = (...fields: string[]) => fieldsRefused("Some filters are not valid.", fields);
const badSearch = (...fields: string[]) => fieldsRefused("The search is not valid.", fields);
const badFields = (...fields: string[]) => fieldsRefused("Some fields need your attention.", fields);
const failure = (message: string) => ({ ok: false, message, errors: {} });
const ONLY_OWN = "You can only work on your own resources.";
const NOT_IN_CLINIC = "There is no such practitioner in your clinic.";
const PICK = "Pick the practitioner you are acting for first.";
const NO_RESOURCE = "There is no such resource.";
const PLATFORM_404 = {
  ok: false,
  message: "The platform does not know this resource or practitioner (it may have been deleted, or it is not yours).",
  requestId: expect.any(String),
  errors: {},
};

type Listed<T> = { ok: true; data: { items: T[] } };
type Timeline = { ok: true; data: { events: Array<{ id: string }> } };
const emptyTimeline = is({ ok: true, data: expect.objectContaining({ events: [] }) });
const IDLE = { ok: true, message: "" };
const keyForm = (key?: string | Blob) => {
  const form = new FormData();
  if (key !== undefined) form.set("clinicKey", key);
  return form;
};
const SQL = "'; DROP TABLE users; --";
const HTML = "<img src=x onerror=alert(1)>";
const UNICODE = "é\u202e😀\ud800";
const VALID_EDIT = { name: `${TAG} renamed`, save_to_library: "true" };

interface ActionRow {
  name: string;
  action: ActionRef;
  as: Who;
  args?: (c: Cast) => unknown[];
  /** A hand-made body instead of React's encoding (hostile to the framework's decoder). */
  body?: (c: Cast) => string;
  headers?: Record<string, string>;
  /** Another `Next-Action` header than the action's own. */
  actionId?: string;
  answer: Expected;
  /** Strings the answer must not contain (the hostile input where an echo would be unsafe). */
  noEcho?: (c: Cast) => string[];
}

const TL = {
  page: "app/events/actions.ts#loadTimelinePage",
  chart: "app/events/actions.ts#loadEventsChart",
  detail: "app/events/actions.ts#loadEventDetail",
  head: "app/events/actions.ts#loadTimelineHead",
} as const;
const RECON = {
  start: "app/events/reconciliation-actions.ts#startReconciliation",
  status: "app/events/reconciliation-actions.ts#reconciliationStatus",
  runs: "app/admin/reconciliation/actions.ts#loadRecentRunsAction",
} as const;
const ACCOUNTS = {
  revoke: "app/admin/accounts/actions.ts#revokeConnectionAction",
  refresh: "app/admin/accounts/actions.ts#forceRefreshAction",
  reconnect: "app/admin/accounts/actions.ts#requestReconnectAction",
  setAdmin: "app/admin/accounts/actions.ts#setAdminAction",
  replaceClinicToken: "app/admin/accounts/actions.ts#prepareClinicTokenReplacementAction",
} as const;
const KEY = {
  save: "app/admin/clinic-key/actions.ts#saveClinicKeyAction",
  remove: "app/admin/clinic-key/actions.ts#removeClinicKeyAction",
} as const;
const PATIENTS = "app/patients/actions.ts#loadPatients";
const ALERTS = {
  acknowledge: "app/admin/alerts/actions.ts#acknowledgeAlertAction",
  email: "app/admin/alerts/actions.ts#saveAlertEmailAction",
  testEmail: "app/admin/alerts/actions.ts#sendTestEmailAction",
  check: "app/admin/alerts/actions.ts#checkAlertsNowAction",
} as const;
/** An alert id no clinic has (one of another clinic answers the same: not found among the caller's). */
const NO_SUCH_ALERT = "00000000-0000-4000-8000-000000000000";
const emailForm = (email: string) => {
  const form = new FormData();
  form.set("email", email);
  return form;
};
const badEmail = (message: string) => ({
  ok: false,
  message: "The address was not saved.",
  errors: { email: [message] },
});
const RES = {
  list: "app/resources/actions.ts#loadResources",
  service: "app/resources/actions.ts#loadServiceResources",
  practitioners: "app/resources/actions.ts#loadPractitioners",
  plans: "app/resources/actions.ts#loadTreatmentPlans",
  update: "app/resources/actions.ts#updateResourceDetails",
  remove: "app/resources/actions.ts#deleteResource",
} as const;

const timelineIds = (value: unknown) => (value as Timeline).data.events.map((e) => e.id);
const itemIds = (value: unknown) => (value as Listed<{ id: string }>).data.items.map((i) => i.id);

const ACTION_ROWS: ActionRow[] = [
  // app/events/actions.ts — the timeline, for any signed-in user of the clinic.
  { name: "signed out", action: TL.page, as: "anon", args: () => [{}, null], answer: signIn },
  { name: "signed out", action: TL.chart, as: "anon", args: () => [{}], answer: signIn },
  {
    name: "signed out, another clinic's event",
    action: TL.detail,
    as: "anon",
    args: (c) => [c.other.eventId],
    answer: signIn,
  },
  { name: "signed out", action: TL.head, as: "anon", answer: signIn },
  { name: "filters null", action: TL.page, as: "staff", args: () => [null, null], answer: is(badFilters("_")) },
  {
    name: "filters a string",
    action: TL.page,
    as: "staff",
    args: () => ["category=patients", null],
    answer: is(badFilters("_")),
  },
  {
    name: "category of the wrong type",
    action: TL.page,
    as: "staff",
    args: () => [{ category: 7 }, null],
    answer: is(badFilters("category")),
  },
  {
    name: "search of 201 characters",
    action: TL.page,
    as: "staff",
    args: () => [{ q: "x".repeat(201) }, null],
    answer: is(badFilters("q")),
  },
  {
    name: "search with a NUL byte",
    action: TL.page,
    as: "staff",
    args: () => [{ q: "a\u0000b" }, null],
    answer: is(badFilters("q")),
  },
  {
    name: "date with SQL",
    action: TL.page,
    as: "staff",
    args: () => [{ date: "2026-01-10' OR '1'='1" }, null],
    answer: is(badFilters("date")),
  },
  {
    name: "cursor of garbage",
    action: TL.page,
    as: "staff",
    args: () => [{}, "!!!not base64!!!"],
    answer: is({ ok: false, message: "Some filters are not valid.", errors: { cursor: ["bad cursor"] } }),
  },
  {
    name: "cursor a number",
    action: TL.page,
    as: "staff",
    args: () => [{}, 12345],
    answer: is({ ok: false, message: "Some filters are not valid.", errors: { cursor: ["bad cursor"] } }),
  },
  {
    name: "search for another clinic's patient",
    action: TL.page,
    as: "staff",
    args: (c) => [{ q: c.other.patientName }, null],
    answer: emptyTimeline,
  },
  {
    name: "search for another clinic's event id",
    action: TL.page,
    as: "staff",
    args: (c) => [{ q: c.other.eventId }, null],
    answer: emptyTimeline,
  },
  {
    name: "another clinic's id smuggled into the filters",
    action: TL.page,
    as: "staff",
    args: (c) => [{ q: c.other.patientName, clinic_id: c.clinics.b.id, clinicId: c.clinics.b.id }, null],
    answer: emptyTimeline,
  },
  {
    name: "search with SQL",
    action: TL.page,
    as: "staff",
    args: () => [{ q: "' OR 1=1 --" }, null],
    answer: emptyTimeline,
  },
  {
    name: "search with unicode, an RTL override and a lone surrogate",
    action: TL.page,
    as: "staff",
    args: () => [{ q: UNICODE }, null],
    answer: emptyTimeline,
  },
  {
    name: "control: B's admin finds B's patient",
    action: TL.page,
    as: "otherAdmin",
    args: (c) => [{ q: c.other.patientName }, null],
    answer: holds((v, c) => expect(timelineIds(v)).toEqual([c.other.eventId])),
  },
  {
    name: "date that is not a day",
    action: TL.chart,
    as: "staff",
    args: () => [{ date: "2026-02-30" }],
    answer: is(badFilters("date")),
  },
  { name: "filters a string", action: TL.chart, as: "staff", args: () => ["x"], answer: is(badFilters("_")) },
  { name: "another clinic's event", action: TL.detail, as: "staff", args: (c) => [c.other.eventId], answer: is(null) },
  {
    name: "another clinic's event, as an object",
    action: TL.detail,
    as: "admin",
    args: (c) => [{ id: c.other.eventId }],
    answer: is(null),
  },
  { name: "an id of 201 characters", action: TL.detail, as: "staff", args: () => ["e".repeat(201)], answer: is(null) },
  { name: "an id with SQL", action: TL.detail, as: "staff", args: () => [SQL], answer: is(null) },
  {
    name: "control: B's admin reads B's event",
    action: TL.detail,
    as: "otherAdmin",
    args: (c) => [c.other.eventId],
    answer: holds((v, c) => expect(v).toMatchObject({ id: c.other.eventId })),
  },
  {
    name: "another clinic's id as an argument is ignored",
    action: TL.head,
    as: "staff",
    args: (c) => [c.clinics.b.id],
    answer: holds(async (v, c) => {
      const own = await decodeAnswer(await postAction(c.api.staff, TL.head, []));
      const other = await decodeAnswer(await postAction(c.api.otherAdmin, TL.head, []));
      expect(own.answer).toEqual({ kind: "result", value: v });
      expect(other.answer).not.toEqual({ kind: "result", value: v });
    }),
  },

  // app/events/reconciliation-actions.ts and app/admin/reconciliation/actions.ts — admins only.
  { name: "signed out", action: RECON.start, as: "anon", answer: signIn },
  { name: "a practitioner of another clinic (not an admin)", action: RECON.start, as: "otherMember", answer: notFound },
  { name: "a non-admin of the clinic", action: RECON.start, as: "member", answer: notFound },
  { name: "signed out", action: RECON.status, as: "anon", answer: signIn },
  { name: "a non-admin", action: RECON.status, as: "otherMember", answer: notFound },
  {
    name: "another clinic's id as an argument",
    action: RECON.status,
    as: "admin",
    args: (c) => [c.clinics.b.id, c.other.runId],
    answer: holds((v, c) => expect((v as { id?: string } | null)?.id).not.toBe(c.other.runId)),
  },
  { name: "signed out", action: RECON.runs, as: "anon", answer: signIn },
  { name: "a non-admin of another clinic", action: RECON.runs, as: "otherMember", answer: is(null) },
  { name: "a non-admin of the clinic", action: RECON.runs, as: "member", answer: is(null) },
  {
    name: "another clinic's id as an argument",
    action: RECON.runs,
    as: "admin",
    args: (c) => [c.clinics.b.id],
    answer: holds((v, c) => expect((v as Array<{ id: string }>).map((r) => r.id)).not.toContain(c.other.runId)),
  },
  {
    name: "control: B's admin sees B's run",
    action: RECON.runs,
    as: "otherAdmin",
    answer: holds((v, c) => expect((v as Array<{ id: string }>).map((r) => r.id)).toContain(c.other.runId)),
  },

  // app/admin/accounts/actions.ts — admins only, and only their clinic's connections and users.
  { name: "signed out", action: ACCOUNTS.revoke, as: "anon", args: (c) => [c.other.connectionId], answer: signIn },
  {
    name: "a non-admin, their own clinic's connection",
    action: ACCOUNTS.revoke,
    as: "otherMember",
    args: (c) => [c.other.adminConnectionId],
    answer: is(NOT_ADMIN),
  },
  {
    name: "a non-admin, another clinic's connection",
    action: ACCOUNTS.revoke,
    as: "member",
    args: (c) => [c.other.connectionId],
    answer: is(NOT_ADMIN),
  },
  {
    name: "another clinic's connection",
    action: ACCOUNTS.revoke,
    as: "admin",
    args: (c) => [c.other.connectionId],
    answer: is(NO_CONNECTION),
  },
  {
    name: "another clinic's connection, upper-cased",
    action: ACCOUNTS.revoke,
    as: "admin",
    args: (c) => [c.other.connectionId.toUpperCase()],
    answer: is(NO_CONNECTION),
  },
  {
    name: "a connection that does not exist",
    action: ACCOUNTS.revoke,
    as: "admin",
    args: () => ["00000000-0000-4000-8000-000000000000"],
    answer: is(NO_CONNECTION),
  },
  { name: "SQL", action: ACCOUNTS.revoke, as: "admin", args: () => [SQL], answer: is(BAD_CONNECTION) },
  { name: "a number", action: ACCOUNTS.revoke, as: "admin", args: () => [12345], answer: is(BAD_CONNECTION) },
  { name: "null", action: ACCOUNTS.revoke, as: "admin", args: () => [null], answer: is(BAD_CONNECTION) },
  { name: "no argument", action: ACCOUNTS.revoke, as: "admin", answer: is(BAD_CONNECTION) },
  {
    name: "an object naming another clinic's connection",
    action: ACCOUNTS.revoke,
    as: "admin",
    args: (c) => [{ id: c.other.connectionId }],
    answer: is(BAD_CONNECTION),
  },
  {
    name: "a string of 900,000 characters",
    action: ACCOUNTS.revoke,
    as: "admin",
    args: () => ["c".repeat(900_000)],
    answer: is(BAD_CONNECTION),
  },
  {
    name: "unicode and a lone surrogate",
    action: ACCOUNTS.revoke,
    as: "admin",
    args: () => [UNICODE],
    answer: is(BAD_CONNECTION),
  },
  {
    name: "HTML",
    action: ACCOUNTS.revoke,
    as: "admin",
    args: () => [HTML],
    answer: is(BAD_CONNECTION),
    noEcho: () => [HTML],
  },
  { name: "signed out", action: ACCOUNTS.refresh, as: "anon", args: (c) => [c.other.connectionId], answer: signIn },
  {
    name: "a non-admin, their own clinic's connection",
    action: ACCOUNTS.refresh,
    as: "otherMember",
    args: (c) => [c.other.connectionId],
    answer: is(NOT_ADMIN),
  },
  {
    name: "another clinic's member connection",
    action: ACCOUNTS.refresh,
    as: "admin",
    args: (c) => [c.other.connectionId],
    answer: is(NO_CONNECTION),
  },
  {
    name: "another clinic's admin connection",
    action: ACCOUNTS.refresh,
    as: "admin",
    args: (c) => [c.other.adminConnectionId],
    answer: is(NO_CONNECTION),
  },
  { name: "not a uuid", action: ACCOUNTS.refresh, as: "admin", args: () => ["not-a-uuid"], answer: is(BAD_CONNECTION) },
  { name: "signed out", action: ACCOUNTS.reconnect, as: "anon", args: (c) => [c.other.connectionId], answer: signIn },
  {
    name: "a non-admin, their own clinic's admin",
    action: ACCOUNTS.reconnect,
    as: "otherMember",
    args: (c) => [c.other.adminConnectionId],
    answer: is(NOT_ADMIN),
  },
  {
    name: "another clinic's connection",
    action: ACCOUNTS.reconnect,
    as: "admin",
    args: (c) => [c.other.connectionId],
    answer: is(NO_CONNECTION),
  },
  { name: "a boolean", action: ACCOUNTS.reconnect, as: "admin", args: () => [true], answer: is(BAD_CONNECTION) },
  {
    name: "signed out",
    action: ACCOUNTS.setAdmin,
    as: "anon",
    args: (c) => [c.members.otherMember.appUserId, true],
    answer: signIn,
  },
  {
    name: "a non-admin promotes themself",
    action: ACCOUNTS.setAdmin,
    as: "otherMember",
    args: (c) => [c.members.otherMember.appUserId, true],
    answer: is(NOT_ADMIN),
  },
  {
    name: "a non-admin of the clinic promotes themself",
    action: ACCOUNTS.setAdmin,
    as: "member",
    args: (c) => [c.members.member.appUserId, true],
    answer: is(NOT_ADMIN),
  },
  {
    name: "promote another clinic's user",
    action: ACCOUNTS.setAdmin,
    as: "admin",
    args: (c) => [c.members.otherMember.appUserId, true],
    answer: is(NO_USER),
  },
  {
    name: "demote another clinic's admin",
    action: ACCOUNTS.setAdmin,
    as: "admin",
    args: (c) => [c.members.otherAdmin.appUserId, false],
    answer: is(NO_USER),
  },
  {
    name: "isAdmin as a string",
    action: ACCOUNTS.setAdmin,
    as: "admin",
    args: (c) => [c.members.member.appUserId, "true"],
    answer: is(badAdminFields("isAdmin")),
  },
  {
    name: "isAdmin missing",
    action: ACCOUNTS.setAdmin,
    as: "admin",
    args: (c) => [c.members.member.appUserId],
    answer: is(badAdminFields("isAdmin")),
  },
  {
    name: "user id with SQL",
    action: ACCOUNTS.setAdmin,
    as: "admin",
    args: () => [SQL, true],
    answer: is({
      ok: false,
      message: "Please correct the highlighted fields.",
      errors: { userId: ["That is not a user of this app."] },
    }),
  },
  {
    name: "user id as a query object",
    action: ACCOUNTS.setAdmin,
    as: "admin",
    args: () => [{ not: null }, true],
    answer: is({
      ok: false,
      message: "Please correct the highlighted fields.",
      errors: { userId: ["That is not a user of this app."] },
    }),
  },
  { name: "signed out", action: ACCOUNTS.replaceClinicToken, as: "anon", answer: signIn },
  { name: "a non-admin", action: ACCOUNTS.replaceClinicToken, as: "otherMember", answer: is(NOT_ADMIN) },
  {
    name: "another clinic's id as an argument (role mode: there is no clinic token)",
    action: ACCOUNTS.replaceClinicToken,
    as: "admin",
    args: (c) => [c.clinics.b.id],
    answer: is({
      ok: false,
      message:
        "This app uses role-based authorization: each user connects their own account when they sign in, so there is no clinic token to replace.",
      errors: {},
    }),
  },

  // app/admin/clinic-key/actions.ts — admins only; the key is never sent back.
  {
    name: "signed out, another clinic's key",
    action: KEY.save,
    as: "anon",
    args: (c) => [IDLE, keyForm(c.other.clinicKey)],
    answer: signIn,
  },
  {
    name: "a non-admin, their own clinic's key",
    action: KEY.save,
    as: "otherMember",
    args: (c) => [IDLE, keyForm(c.other.clinicKey)],
    answer: is(NOT_ADMIN),
  },
  {
    name: "a non-admin of the clinic",
    action: KEY.save,
    as: "member",
    args: (c) => [IDLE, keyForm(c.clinics.a.current_clinic_key)],
    answer: is(NOT_ADMIN),
  },
  {
    name: "another clinic's key",
    action: KEY.save,
    as: "admin",
    args: (c) => [IDLE, keyForm(c.other.clinicKey)],
    answer: is(keyRefused(KEY_MESSAGES.unknown)),
  },
  {
    name: "too short",
    action: KEY.save,
    as: "admin",
    args: () => [IDLE, keyForm("short")],
    answer: is(keyRefused(KEY_MESSAGES.short)),
  },
  {
    name: "201 characters",
    action: KEY.save,
    as: "admin",
    args: () => [IDLE, keyForm("k".repeat(201))],
    answer: is(keyRefused(KEY_MESSAGES.long)),
  },
  {
    name: "with spaces",
    action: KEY.save,
    as: "admin",
    args: () => [IDLE, keyForm("key with spaces 123")],
    answer: is(keyRefused(KEY_MESSAGES.characters)),
  },
  {
    name: "unicode",
    action: KEY.save,
    as: "admin",
    args: () => [IDLE, keyForm(`clé-${UNICODE}-0000`)],
    answer: is(keyRefused(KEY_MESSAGES.characters)),
  },
  {
    name: "a NUL byte",
    action: KEY.save,
    as: "admin",
    args: () => [IDLE, keyForm("abcd\u0000efghij")],
    answer: is(keyRefused(KEY_MESSAGES.characters)),
  },
  {
    name: "SQL without spaces",
    action: KEY.save,
    as: "admin",
    args: () => [IDLE, keyForm("'OR'1'='1'--")],
    answer: is(keyRefused(KEY_MESSAGES.unknown)),
    noEcho: () => ["'OR'1'='1'--"],
  },
  {
    name: "HTML without spaces",
    action: KEY.save,
    as: "admin",
    args: () => [IDLE, keyForm("<script>alert(1)</script>")],
    answer: is(keyRefused(KEY_MESSAGES.unknown)),
    noEcho: () => ["<script>"],
  },
  { name: "the field missing", action: KEY.save, as: "admin", args: () => [IDLE, keyForm()], answer: is(KEY_MISSING) },
  {
    name: "the key sent as a file",
    action: KEY.save,
    as: "admin",
    args: (c) => [IDLE, keyForm(new Blob([c.clinics.a.current_clinic_key]))],
    answer: is({ ok: false, message: "The key was not saved.", errors: { clinicKey: [expect.any(String)] } }),
  },
  {
    name: "a string instead of the form",
    action: KEY.save,
    as: "admin",
    args: (c) => [IDLE, c.other.clinicKey],
    answer: is(KEY_MISSING),
  },
  {
    name: "null instead of the form",
    action: KEY.save,
    as: "admin",
    args: () => [IDLE, null],
    answer: is(KEY_MISSING),
  },
  {
    name: "signed out, a string instead of the form",
    action: KEY.save,
    as: "anon",
    args: () => [IDLE, "x"],
    answer: signIn,
  },
  { name: "signed out", action: KEY.remove, as: "anon", answer: signIn },
  { name: "a non-admin, their own clinic's key", action: KEY.remove, as: "otherMember", answer: is(NOT_ADMIN) },
  { name: "a non-admin of the clinic", action: KEY.remove, as: "member", answer: is(NOT_ADMIN) },

  // app/admin/alerts/actions.ts — admins only, their clinic's alerts and their own address only.
  { name: "signed out", action: ALERTS.acknowledge, as: "anon", args: () => [NO_SUCH_ALERT], answer: signIn },
  {
    name: "a non-admin",
    action: ALERTS.acknowledge,
    as: "member",
    args: () => [NO_SUCH_ALERT],
    answer: is(NOT_ADMIN),
  },
  {
    name: "an alert that is not the clinic's",
    action: ALERTS.acknowledge,
    as: "admin",
    args: () => [NO_SUCH_ALERT],
    answer: is({
      ok: false,
      message: "This alert is no longer open (it resolved itself), or it is not one of your clinic's.",
      errors: {},
    }),
  },
  {
    name: "an alert id with SQL",
    action: ALERTS.acknowledge,
    as: "admin",
    args: () => [SQL],
    answer: is({
      ok: false,
      message: "Please correct the highlighted fields.",
      errors: { alertId: ["That is not an alert of this app."] },
    }),
    noEcho: () => [SQL],
  },
  {
    name: "signed out",
    action: ALERTS.email,
    as: "anon",
    args: () => [{ ok: true, message: "" }, emailForm("x@example.test")],
    answer: signIn,
  },
  {
    name: "a non-admin",
    action: ALERTS.email,
    as: "otherMember",
    args: () => [{ ok: true, message: "" }, emailForm("x@example.test")],
    answer: is(NOT_ADMIN),
  },
  {
    name: "not an address",
    action: ALERTS.email,
    as: "admin",
    args: () => [{ ok: true, message: "" }, emailForm(HTML)],
    answer: is(badEmail("That is not an email address.")),
    noEcho: () => [HTML],
  },
  {
    name: "a header smuggled after the address",
    action: ALERTS.email,
    as: "admin",
    args: () => [{ ok: true, message: "" }, emailForm("a@example.test\r\nBcc: all@evil.example")],
    answer: is(badEmail("That is not an email address.")),
    noEcho: () => ["evil.example"],
  },
  {
    name: "an address of 300 characters",
    action: ALERTS.email,
    as: "admin",
    args: () => [{ ok: true, message: "" }, emailForm(`${"a".repeat(290)}@example.test`)],
    answer: is(badEmail("That address is too long.")),
  },
  { name: "signed out", action: ALERTS.testEmail, as: "anon", answer: signIn },
  { name: "a non-admin", action: ALERTS.testEmail, as: "member", answer: is(NOT_ADMIN) },
  { name: "signed out", action: ALERTS.check, as: "anon", answer: signIn },
  { name: "a non-admin", action: ALERTS.check, as: "otherMember", answer: is(NOT_ADMIN) },

  // app/patients/actions.ts — the caller's clinic's patients only.
  { name: "signed out", action: PATIENTS, as: "anon", args: () => [{}], answer: signIn },
  { name: "null", action: PATIENTS, as: "practitioner", args: () => [null], answer: is(badSearch("_")) },
  {
    name: "a query string",
    action: PATIENTS,
    as: "practitioner",
    args: () => ["page=2&size=100"],
    answer: is(badSearch("_")),
  },
  { name: "page 0", action: PATIENTS, as: "practitioner", args: () => [{ page: 0 }], answer: is(badSearch("page")) },
  {
    name: "page with SQL",
    action: PATIENTS,
    as: "practitioner",
    args: () => [{ page: `1${SQL}` }],
    answer: is(badSearch("page")),
  },
  {
    name: "size 101",
    action: PATIENTS,
    as: "practitioner",
    args: () => [{ size: 101 }],
    answer: is(badSearch("size")),
  },
  {
    name: "size negative",
    action: PATIENTS,
    as: "practitioner",
    args: () => [{ size: -5 }],
    answer: is(badSearch("size")),
  },
  {
    name: "search of 201 characters",
    action: PATIENTS,
    as: "practitioner",
    args: () => [{ q: "q".repeat(201) }],
    answer: is(badSearch("q")),
  },
  {
    name: "search of 900,000 characters",
    action: PATIENTS,
    as: "practitioner",
    args: () => [{ q: "q".repeat(900_000) }],
    answer: is(badSearch("q")),
  },
  {
    name: "search for another clinic's patient",
    action: PATIENTS,
    as: "practitioner",
    args: (c) => [{ q: c.other.patientName }],
    answer: holds((v) => expect(itemIds(v)).toEqual([])),
  },
  {
    name: "another clinic's id smuggled into the query",
    action: PATIENTS,
    as: "practitioner",
    args: (c) => [{ size: 100, clinic_id: c.clinics.b.id, clinicId: c.clinics.b.id }],
    answer: holds((v, c) => {
      expect(itemIds(v).length).toBeGreaterThan(0);
      expect(itemIds(v).filter((id) => c.other.patientIds.includes(id))).toEqual([]);
    }),
  },
  {
    name: "search with SQL",
    action: PATIENTS,
    as: "practitioner",
    args: () => [{ q: "' OR 1=1 --" }],
    answer: holds((v) => expect(itemIds(v)).toEqual([])),
  },
  {
    name: "search with unicode and a lone surrogate",
    action: PATIENTS,
    as: "practitioner",
    args: () => [{ q: UNICODE }],
    answer: holds((v) => expect(itemIds(v)).toEqual([])),
  },
  {
    name: "control: B's member finds B's patient",
    action: PATIENTS,
    as: "otherMember",
    args: (c) => [{ q: c.other.patientName }],
    answer: holds((v) => expect(itemIds(v)).toHaveLength(1)),
  },

  // app/resources/actions.ts — a practitioner their own resources; staff a practitioner of their clinic.
  { name: "signed out", action: RES.list, as: "anon", args: () => [{}], answer: signIn },
  {
    name: "a practitioner of another clinic",
    action: RES.list,
    as: "practitioner",
    args: (c) => [{ practitionerId: c.members.otherMember.platformUserId }],
    answer: is(failure(ONLY_OWN)),
  },
  {
    name: "staff, a practitioner of another clinic",
    action: RES.list,
    as: "staff",
    args: (c) => [{ practitionerId: c.members.otherMember.platformUserId }],
    answer: is(failure(NOT_IN_CLINIC)),
  },
  { name: "staff, no practitioner", action: RES.list, as: "staff", args: () => [{}], answer: is(failure(PICK)) },
  {
    name: "practitioner id with SQL",
    action: RES.list,
    as: "practitioner",
    args: () => [{ practitionerId: SQL }],
    answer: is(badFilters("practitionerId")),
  },
  {
    name: "size 1000",
    action: RES.list,
    as: "practitioner",
    args: () => [{ size: 1000 }],
    answer: is(badFilters("size")),
  },
  {
    name: "type HTML",
    action: RES.list,
    as: "practitioner",
    args: () => [{ type: HTML }],
    answer: is(badFilters("type")),
    noEcho: () => [HTML],
  },
  {
    name: "search of 101 characters",
    action: RES.list,
    as: "practitioner",
    args: () => [{ q: "q".repeat(101) }],
    answer: is(badFilters("q")),
  },
  { name: "null", action: RES.list, as: "practitioner", args: () => [null], answer: is(badFilters("_")) },
  {
    name: "search for another clinic's resource",
    action: RES.list,
    as: "practitioner",
    args: () => [{ q: `${TAG} other` }],
    answer: holds((v) => expect(itemIds(v)).toEqual([])),
  },
  {
    name: "control: B's member finds B's resource",
    action: RES.list,
    as: "otherMember",
    args: () => [{ q: `${TAG} other` }],
    answer: holds((v, c) => expect(itemIds(v)).toEqual([c.other.resourceId])),
  },
  { name: "signed out", action: RES.service, as: "anon", args: () => [{}], answer: signIn },
  {
    name: "page -1",
    action: RES.service,
    as: "practitioner",
    args: () => [{ page: -1 }],
    answer: is(badFilters("page")),
  },
  { name: "an array", action: RES.service, as: "practitioner", args: () => [[1, 2]], answer: is(badFilters("_")) },
  { name: "signed out", action: RES.practitioners, as: "anon", answer: signIn },
  { name: "a practitioner (staff only)", action: RES.practitioners, as: "practitioner", answer: notFound },
  { name: "a practitioner of another clinic", action: RES.practitioners, as: "otherMember", answer: notFound },
  {
    name: "another clinic's id as an argument",
    action: RES.practitioners,
    as: "staff",
    args: (c) => [c.clinics.b.id],
    answer: holds((v, c) => {
      const ids = (v as { ok: true; data: Array<{ id: string }> }).data.map((p) => p.id);
      expect(ids).toContain(c.members.practitioner.platformUserId);
      expect(ids.filter((id) => c.clinics.b.practitioners.some((p) => p.id === id))).toEqual([]);
    }),
  },
  {
    name: "signed out",
    action: RES.plans,
    as: "anon",
    args: (c) => [c.members.otherMember.platformUserId],
    answer: signIn,
  },
  {
    name: "a practitioner of another clinic",
    action: RES.plans,
    as: "practitioner",
    args: (c) => [c.members.otherMember.platformUserId],
    answer: is(failure(ONLY_OWN)),
  },
  {
    name: "staff, a practitioner of another clinic",
    action: RES.plans,
    as: "staff",
    args: (c) => [c.members.otherMember.platformUserId],
    answer: is(failure(NOT_IN_CLINIC)),
  },
  {
    name: "a path",
    action: RES.plans,
    as: "staff",
    args: () => ["../../etc/passwd"],
    answer: is(failure(NOT_IN_CLINIC)),
  },
  { name: "a number", action: RES.plans, as: "staff", args: () => [12345], answer: is(failure(NOT_IN_CLINIC)) },
  {
    name: "signed out",
    action: RES.update,
    as: "anon",
    args: (c) => [undefined, c.other.resourceId, VALID_EDIT],
    answer: signIn,
  },
  {
    name: "another clinic's resource",
    action: RES.update,
    as: "practitioner",
    args: (c) => [undefined, c.other.resourceId, VALID_EDIT],
    answer: is(PLATFORM_404),
  },
  {
    name: "another clinic's resource and practitioner",
    action: RES.update,
    as: "practitioner",
    args: (c) => [c.members.otherMember.platformUserId, c.other.resourceId, VALID_EDIT],
    answer: is(failure(ONLY_OWN)),
  },
  {
    name: "staff, another clinic's resource and practitioner",
    action: RES.update,
    as: "staff",
    args: (c) => [c.members.otherMember.platformUserId, c.other.resourceId, VALID_EDIT],
    answer: is(failure(NOT_IN_CLINIC)),
  },
  {
    name: "staff, another clinic's resource, no practitioner",
    action: RES.update,
    as: "staff",
    args: (c) => [undefined, c.other.resourceId, VALID_EDIT],
    answer: is(failure(PICK)),
  },
  {
    name: "resource id with SQL",
    action: RES.update,
    as: "practitioner",
    args: () => [undefined, SQL, VALID_EDIT],
    answer: is(failure(NO_RESOURCE)),
  },
  {
    name: "resource id a number",
    action: RES.update,
    as: "practitioner",
    args: () => [undefined, 42, VALID_EDIT],
    answer: is(failure(NO_RESOURCE)),
  },
  {
    name: "resource id of 101 characters",
    action: RES.update,
    as: "practitioner",
    args: () => [undefined, "r".repeat(101), VALID_EDIT],
    answer: is(failure(NO_RESOURCE)),
  },
  {
    name: "practitioner id an object",
    action: RES.update,
    as: "practitioner",
    args: (c) => [{}, c.own.resourceId, VALID_EDIT],
    answer: is(failure(NO_RESOURCE)),
  },
  {
    name: "empty name",
    action: RES.update,
    as: "practitioner",
    args: (c) => [undefined, c.own.resourceId, { name: "", save_to_library: "true" }],
    answer: is(badFields("name")),
  },
  {
    name: "name a number",
    action: RES.update,
    as: "practitioner",
    args: (c) => [undefined, c.own.resourceId, { name: 5, save_to_library: "true" }],
    answer: is(badFields("name")),
  },
  {
    name: "fields null",
    action: RES.update,
    as: "practitioner",
    args: (c) => [undefined, c.own.resourceId, null],
    answer: is(badFields("_")),
  },
  {
    name: "save_to_library a boolean",
    action: RES.update,
    as: "practitioner",
    args: (c) => [undefined, c.own.resourceId, { name: "x", save_to_library: true }],
    answer: is(badFields("save_to_library")),
  },
  {
    name: "name of 256 characters",
    action: RES.update,
    as: "practitioner",
    args: (c) => [undefined, c.own.resourceId, { name: "n".repeat(256), save_to_library: "true" }],
    answer: is(badFields("name")),
  },
  {
    name: "HTML name with a bad flag",
    action: RES.update,
    as: "practitioner",
    args: (c) => [undefined, c.own.resourceId, { name: HTML, save_to_library: "maybe" }],
    answer: is(badFields("save_to_library")),
    noEcho: () => [HTML],
  },
  {
    name: "a type that does not exist",
    action: RES.update,
    as: "practitioner",
    args: (c) => [undefined, c.own.resourceId, { ...VALID_EDIT, type: "Malware" }],
    answer: is(badFields("type")),
  },
  {
    name: "a treatment plan id with a path",
    action: RES.update,
    as: "practitioner",
    args: (c) => [undefined, c.own.resourceId, { ...VALID_EDIT, treatment_plan_id: "../x" }],
    answer: is(badFields("treatment_plan_id")),
  },
  {
    name: "a name with control characters",
    action: RES.update,
    as: "practitioner",
    args: (c) => [undefined, c.own.resourceId, { name: "evil\u0000name\u001b[31m", save_to_library: "true" }],
    answer: is(badFields("name")),
  },
  { name: "signed out", action: RES.remove, as: "anon", args: (c) => [undefined, c.other.resourceId], answer: signIn },
  {
    name: "another clinic's resource",
    action: RES.remove,
    as: "practitioner",
    args: (c) => [undefined, c.other.resourceId],
    answer: is(PLATFORM_404),
  },
  {
    name: "another clinic's resource and practitioner",
    action: RES.remove,
    as: "practitioner",
    args: (c) => [c.members.otherMember.platformUserId, c.other.resourceId],
    answer: is(failure(ONLY_OWN)),
  },
  {
    name: "staff, another clinic's resource and practitioner",
    action: RES.remove,
    as: "staff",
    args: (c) => [c.members.otherMember.platformUserId, c.other.resourceId],
    answer: is(failure(NOT_IN_CLINIC)),
  },
  {
    name: "staff, another clinic's resource, no practitioner",
    action: RES.remove,
    as: "staff",
    args: (c) => [undefined, c.other.resourceId],
    answer: is(failure(PICK)),
  },
  {
    name: "B's staff, A's resource and practitioner",
    action: RES.remove,
    as: "otherAdmin",
    args: (c) => [c.members.practitioner.platformUserId, c.own.resourceId],
    answer: is(failure(NOT_IN_CLINIC)),
  },
  {
    name: "resource id null",
    action: RES.remove,
    as: "practitioner",
    args: () => [undefined, null],
    answer: is(failure(NO_RESOURCE)),
  },
  {
    name: "resource id a path",
    action: RES.remove,
    as: "practitioner",
    args: () => [undefined, "x/../../y"],
    answer: is(failure(NO_RESOURCE)),
  },
  {
    name: "resource id empty",
    action: RES.remove,
    as: "practitioner",
    args: () => [undefined, ""],
    answer: is(failure(NO_RESOURCE)),
  },

  // Next.js's own decoding, before any action code runs (the same for every action).
  {
    name: "a body that is not JSON",
    action: RES.remove,
    as: "practitioner",
    body: () => "not json",
    answer: nextRefuses(500),
  },
  {
    name: "a body pointing at a part that is not there",
    action: RES.remove,
    as: "practitioner",
    body: () => '["$1","$2"]',
    answer: nextRefuses(500),
  },
  {
    name: "a body asking for a Map that is not there",
    action: RES.remove,
    as: "practitioner",
    body: () => '["$Q1"]',
    answer: nextRefuses(500),
  },
  {
    name: "a body over 1 MB",
    action: RES.list,
    as: "practitioner",
    args: () => [{ q: "x".repeat(1_100_000) }],
    answer: proxyRefuses(413, "This request is too large."),
  },
  {
    name: "1001 arguments",
    action: RES.list,
    as: "practitioner",
    args: () => Array.from({ length: 1001 }, () => ({})),
    answer: nextRefuses(500),
  },
  {
    name: "from another site (Origin)",
    action: RES.remove,
    as: "practitioner",
    args: (c) => [undefined, c.own.resourceId],
    headers: { Origin: "http://evil.example" },
    answer: proxyRefuses(403, "This request did not come from this app."),
  },
  {
    name: "an Origin that is not a URL",
    action: RES.remove,
    as: "practitioner",
    args: (c) => [undefined, c.own.resourceId],
    headers: { Origin: "garbage" },
    answer: proxyRefuses(403, "This request did not come from this app."),
  },
  {
    name: "an action id that does not exist",
    action: RES.remove,
    as: "practitioner",
    actionId: `7f${"0".repeat(40)}`,
    args: (c) => [undefined, c.own.resourceId],
    answer: nextRefuses(409, "Server Action unavailable."),
  },
  {
    name: "an action id that is not an id",
    action: RES.remove,
    as: "practitioner",
    actionId: "../../app/resources/actions",
    args: (c) => [undefined, c.own.resourceId],
    answer: nextRefuses(400, "Invalid Server Action request."),
  },
];

// ---------------------------------------------------------------------------------------------
// Route handlers.

interface RouteRow {
  name: string;
  as: Who;
  send: (api: APIRequestContext, c: Cast) => Promise<APIResponse>;
  status: number;
  /** The JSON answer, exactly. */
  json?: (c: Cast) => unknown;
  check?: (response: APIResponse, text: string, c: Cast) => void | Promise<void>;
  noEcho?: (c: Cast) => string[];
}

const PDF = { name: `${TAG}.pdf`, mimeType: "application/pdf", buffer: FILES.pdf };
const EXE_AS_PDF = { name: `${TAG}.pdf`, mimeType: "application/pdf", buffer: FILES.exe };
const OVER_LIMIT = Buffer.concat([FILES.pdf, Buffer.alloc(11 * 1024 * 1024)]);
const upload =
  (multipart: Record<string, string | typeof PDF>, headers: Record<string, string> = {}) =>
  (api: APIRequestContext) =>
    api.post("/api/resources", { multipart, headers });
const edit =
  (id: (c: Cast) => string, multipart: Record<string, string | typeof PDF>, headers: Record<string, string> = {}) =>
  (api: APIRequestContext, c: Cast) =>
    api.put(`/api/resources/${encodeURIComponent(id(c))}`, { multipart, headers });
const refusal =
  (message: string, errors: Record<string, unknown> = {}) =>
  () => ({ message, errors });
const fieldRefusal =
  (message: string, ...fields: string[]) =>
  () => ({ message, errors: Object.fromEntries(fields.map((f) => [f, [expect.any(String)]])) });
const FIELDS = { name: `${TAG} hostile`, save_to_library: "true" };
const UNSAFE_NAME =
  "The file's name has characters that are not allowed (slashes, control characters or text-direction marks). Rename it.";
const FORGED = "next-auth.session-token=forged.garbage.value";
/** A session cookie of the right shape for A's admin, sealed with a secret that is not the app's. */
const forgedSession = async (c: Cast) =>
  `next-auth.session-token=${await encode({ token: { sub: c.members.admin.appUserId, uid: c.members.admin.appUserId, role: "Admin", clinicId: c.clinics.a.id }, secret: "not-the-app-secret" })}`;
const APP_ORIGIN = new URL(E2E_ENV.APP_URL).origin;
const SIGN_IN_FIRST = () => ({ error: "Sign in first." });

const ROUTE_ROWS: Record<string, RouteRow[]> = {
  "POST /api/resources": [
    {
      name: "signed out",
      as: "anon",
      send: upload({ ...FIELDS, file: PDF }),
      status: 401,
      json: refusal("Sign in first."),
    },
    {
      name: "a session cookie of garbage",
      as: "anon",
      send: upload({ ...FIELDS, file: PDF }, { Cookie: FORGED }),
      status: 401,
      json: refusal("Sign in first."),
    },
    {
      name: "from another site (Origin)",
      as: "practitioner",
      send: upload({ ...FIELDS, file: PDF }, { Origin: "http://evil.example" }),
      status: 403,
      json: refusal("This upload did not come from this app."),
      noEcho: () => ["evil.example"],
    },
    {
      name: "JSON instead of multipart",
      as: "practitioner",
      send: (api) => api.post("/api/resources", { data: { ...FIELDS, file: "data:application/pdf;base64,AAAA" } }),
      status: 400,
      json: refusal("The upload could not be read. Choose the file again and retry."),
    },
    {
      name: "an empty multipart body",
      as: "practitioner",
      send: (api) =>
        api.post("/api/resources", { headers: { "Content-Type": "multipart/form-data; boundary=x" }, data: "" }),
      status: 400,
      json: refusal("The upload could not be read. Choose the file again and retry."),
    },
    {
      name: "no name",
      as: "practitioner",
      send: upload({ save_to_library: "true", file: PDF }),
      status: 422,
      json: fieldRefusal("Some fields need your attention.", "name"),
    },
    {
      name: "a name of 10,000 characters",
      as: "practitioner",
      send: upload({ ...FIELDS, name: "n".repeat(10_000), file: PDF }),
      status: 422,
      json: fieldRefusal("Some fields need your attention.", "name"),
    },
    {
      name: "a name with control characters",
      as: "practitioner",
      send: upload({ ...FIELDS, name: "evil\u0000name\u001b[31m", file: PDF }),
      status: 422,
      json: fieldRefusal("Some fields need your attention.", "name"),
    },
    {
      name: "save_to_library yes",
      as: "practitioner",
      send: upload({ ...FIELDS, save_to_library: "yes", file: PDF }),
      status: 422,
      json: fieldRefusal("Some fields need your attention.", "save_to_library"),
    },
    {
      name: "type HTML",
      as: "practitioner",
      send: upload({ ...FIELDS, type: HTML, file: PDF }),
      status: 422,
      json: fieldRefusal("Some fields need your attention.", "type"),
      noEcho: () => [HTML],
    },
    {
      name: "category SQL",
      as: "practitioner",
      send: upload({ ...FIELDS, category: SQL, file: PDF }),
      status: 422,
      json: fieldRefusal("Some fields need your attention.", "category"),
    },
    {
      name: "no file",
      as: "practitioner",
      send: upload(FIELDS),
      status: 422,
      json: refusal("Choose a file to upload.", { file: ["Choose a file to upload."] }),
    },
    {
      name: "an executable named .pdf",
      as: "practitioner",
      send: upload({ ...FIELDS, file: EXE_AS_PDF }),
      status: 422,
      json: fieldRefusal(
        `The file's content is not a real PDF (nor any allowed type), whatever its name says.`,
        "file",
      ),
    },
    {
      name: "a file name with an RTL override hiding .exe",
      as: "practitioner",
      send: upload({ ...FIELDS, file: { ...PDF, name: `${TAG}\u202efdp.exe` } }),
      status: 422,
      json: fieldRefusal(".exe files are not accepted. Allowed types: JPG, JPEG, PNG, PDF, DOC, XLSX, PPTX.", "file"),
    },
    {
      name: "an empty file",
      as: "practitioner",
      send: upload({ ...FIELDS, file: { ...PDF, buffer: Buffer.alloc(0) } }),
      status: 422,
      json: refusal("The file is empty.", { file: ["The file is empty."] }),
    },
    {
      name: "a body over the limit",
      as: "practitioner",
      send: upload({ ...FIELDS, file: { ...PDF, buffer: OVER_LIMIT } }),
      status: 413,
      json: refusal("The file is larger than the limit of 10.0 MB."),
    },
    {
      name: "a path in the file name",
      as: "practitioner",
      send: upload({ ...FIELDS, file: { ...PDF, name: "../../../etc/passwd.pdf" } }),
      status: 422,
      json: refusal(UNSAFE_NAME, { file: [UNSAFE_NAME] }),
    },
    {
      name: "a PDF whose name an RTL override shows as .jpg",
      as: "practitioner",
      send: upload({ ...FIELDS, file: { ...PDF, name: `${TAG}\u202egpj.pdf` } }),
      status: 422,
      json: refusal(UNSAFE_NAME, { file: [UNSAFE_NAME] }),
    },
    {
      name: "another clinic's practitioner",
      as: "practitioner",
      send: (api, c) => upload({ ...FIELDS, practitioner_id: c.members.otherMember.platformUserId, file: PDF })(api),
      status: 404,
      json: refusal(ONLY_OWN),
    },
    {
      name: "staff, another clinic's practitioner",
      as: "staff",
      send: (api, c) => upload({ ...FIELDS, practitioner_id: c.members.otherMember.platformUserId, file: PDF })(api),
      status: 404,
      json: refusal(NOT_IN_CLINIC),
    },
    {
      name: "staff, no practitioner",
      as: "staff",
      send: upload({ ...FIELDS, file: PDF }),
      status: 400,
      json: refusal(PICK),
    },
    {
      name: "practitioner id with SQL",
      as: "staff",
      send: upload({ ...FIELDS, practitioner_id: SQL, file: PDF }),
      status: 404,
      json: refusal(NOT_IN_CLINIC),
    },
    { name: "GET", as: "practitioner", send: (api) => api.get("/api/resources"), status: 405 },
  ],
  "PUT /api/resources/[id]": [
    {
      name: "signed out",
      as: "anon",
      send: edit((c) => c.own.resourceId, FIELDS),
      status: 401,
      json: refusal("Sign in first."),
    },
    {
      name: "another clinic's resource",
      as: "practitioner",
      send: edit((c) => c.other.resourceId, FIELDS),
      status: 404,
      json: () => ({ message: PLATFORM_404.message, requestId: expect.any(String), errors: {} }),
    },
    {
      name: "another clinic's resource with a new file",
      as: "practitioner",
      send: edit((c) => c.other.resourceId, { ...FIELDS, file: PDF }),
      status: 404,
      json: () => ({ message: PLATFORM_404.message, requestId: expect.any(String), errors: {} }),
    },
    {
      name: "staff, another clinic's resource and practitioner",
      as: "staff",
      send: (api, c) =>
        edit(() => c.other.resourceId, { ...FIELDS, practitioner_id: c.members.otherMember.platformUserId })(api, c),
      status: 404,
      json: refusal(NOT_IN_CLINIC),
    },
    {
      name: "an id with SQL",
      as: "practitioner",
      send: edit(() => SQL, FIELDS),
      status: 404,
      json: refusal(NO_RESOURCE),
    },
    {
      name: "an id of 101 characters",
      as: "practitioner",
      send: edit(() => "r".repeat(101), FIELDS),
      status: 404,
      json: refusal(NO_RESOURCE),
    },
    {
      name: "an id with unicode",
      as: "practitioner",
      send: edit(() => "ré😀\u202e", FIELDS),
      status: 404,
      json: refusal(NO_RESOURCE),
    },
    {
      name: "empty name",
      as: "practitioner",
      send: edit((c) => c.own.resourceId, { ...FIELDS, name: "" }),
      status: 422,
      json: fieldRefusal("Some fields need your attention.", "name"),
    },
    {
      name: "an executable as the new file",
      as: "practitioner",
      send: edit((c) => c.own.resourceId, { ...FIELDS, file: EXE_AS_PDF }),
      status: 422,
      json: fieldRefusal(
        `The file's content is not a real PDF (nor any allowed type), whatever its name says.`,
        "file",
      ),
    },
    {
      name: "from another site (Origin)",
      as: "practitioner",
      send: edit((c) => c.own.resourceId, FIELDS, { Origin: "http://evil.example" }),
      status: 403,
      json: refusal("This upload did not come from this app."),
    },
    {
      name: "a body over the limit",
      as: "practitioner",
      send: edit((c) => c.own.resourceId, { ...FIELDS, file: { ...PDF, buffer: OVER_LIMIT } }),
      status: 413,
      json: refusal("The file is larger than the limit of 10.0 MB."),
    },
    {
      name: "JSON instead of multipart",
      as: "practitioner",
      send: (api, c) => api.put(`/api/resources/${c.own.resourceId}`, { data: FIELDS }),
      status: 400,
      json: refusal("The upload could not be read. Choose the file again and retry."),
    },
    {
      name: "DELETE",
      as: "practitioner",
      send: (api, c) => api.delete(`/api/resources/${c.own.resourceId}`),
      status: 405,
    },
  ],
  "POST /embedded/session": [
    { name: "signed out", as: "anon", send: (api) => api.post("/embedded/session"), status: 401, json: SIGN_IN_FIRST },
    {
      name: "a session cookie of garbage",
      as: "anon",
      send: (api) => api.post("/embedded/session", { headers: { Cookie: FORGED } }),
      status: 401,
      json: SIGN_IN_FIRST,
    },
    {
      name: "a forged session for the admin",
      as: "anon",
      send: async (api, c) => api.post("/embedded/session", { headers: { Cookie: await forgedSession(c) } }),
      status: 401,
      json: SIGN_IN_FIRST,
    },
    {
      name: "from another site (Sec-Fetch-Site)",
      as: "practitioner",
      send: (api) => api.post("/embedded/session", { headers: { "Sec-Fetch-Site": "cross-site" } }),
      status: 403,
      json: () => ({ error: "Open the embedded feature from the app." }),
    },
    {
      name: "from another origin",
      as: "practitioner",
      send: (api) => api.post("/embedded/session", { headers: { Origin: "http://evil.example" } }),
      status: 403,
      json: () => ({ error: `The embedded feature works only at ${APP_ORIGIN}. Open the app there.` }),
      noEcho: () => ["evil.example"],
    },
    {
      name: "Origin null",
      as: "practitioner",
      send: (api) => api.post("/embedded/session", { headers: { Origin: "null" } }),
      status: 403,
      json: () => ({ error: `The embedded feature works only at ${APP_ORIGIN}. Open the app there.` }),
    },
    {
      name: "another clinic's user named in a cross-site body",
      as: "otherMember",
      send: (api, c) =>
        api.post("/embedded/session", {
          headers: { "Sec-Fetch-Site": "cross-site" },
          data: { user_id: c.members.practitioner.platformUserId, user_type: "Practitioner" },
        }),
      status: 403,
      json: () => ({ error: "Open the embedded feature from the app." }),
    },
    {
      name: "a 2 MB body from another site",
      as: "staff",
      send: (api) =>
        api.post("/embedded/session", { headers: { "Sec-Fetch-Site": "cross-site" }, data: "x".repeat(2_000_000) }),
      status: 403,
      json: () => ({ error: "Open the embedded feature from the app." }),
    },
    { name: "GET", as: "practitioner", send: (api) => api.get("/embedded/session"), status: 405 },
  ],
  "GET /admin/api/status": [
    { name: "signed out", as: "anon", send: (api) => api.get("/admin/api/status"), status: 401, json: SIGN_IN_FIRST },
    {
      name: "a session cookie of garbage",
      as: "anon",
      send: (api) => api.get("/admin/api/status", { headers: { Cookie: FORGED } }),
      status: 401,
      json: SIGN_IN_FIRST,
    },
    {
      name: "a forged admin session (wrong secret)",
      as: "anon",
      send: async (api, c) => api.get("/admin/api/status", { headers: { Cookie: await forgedSession(c) } }),
      status: 401,
      json: SIGN_IN_FIRST,
    },
    {
      name: "a non-admin of another clinic",
      as: "otherMember",
      send: (api) => api.get("/admin/api/status"),
      status: 403,
      json: () => ({ error: "Not allowed for your role." }),
    },
    {
      name: "a non-admin of the clinic",
      as: "member",
      send: (api) => api.get("/admin/api/status"),
      status: 403,
      json: () => ({ error: "Not allowed for your role." }),
    },
    {
      name: "another clinic's id in the query: the caller's clinic only",
      as: "admin",
      send: (api, c) =>
        api.get(
          `/admin/api/status?clinicId=${c.clinics.b.id}&clinic_id=${c.clinics.b.id}&user=${encodeURIComponent(SQL)}`,
        ),
      status: 200,
      check: async (_response, text, c) => {
        const own = await c.api.admin.get("/admin/api/status");
        const other = await c.api.otherAdmin.get("/admin/api/status");
        expect(JSON.parse(text)).toEqual(await own.json());
        expect(JSON.parse(text)).not.toEqual(await other.json());
      },
    },
    {
      name: "a query of 20,000 characters",
      as: "admin",
      send: (api) => api.get(`/admin/api/status?q=${"q".repeat(20_000)}`),
      status: 431,
    },
    { name: "POST", as: "admin", send: (api) => api.post("/admin/api/status", { data: {} }), status: 405 },
    { name: "DELETE", as: "admin", send: (api) => api.delete("/admin/api/status"), status: 405 },
  ],
  "GET /admin/api/alerts": [
    { name: "signed out", as: "anon", send: (api) => api.get("/admin/api/alerts"), status: 401, json: SIGN_IN_FIRST },
    {
      name: "a non-admin of the clinic",
      as: "member",
      send: (api) => api.get("/admin/api/alerts"),
      status: 403,
      json: () => ({ error: "Not allowed for your role." }),
    },
    {
      name: "another clinic's id in the query: the caller's clinic only",
      as: "admin",
      send: (api, c) => api.get(`/admin/api/alerts?clinicId=${c.clinics.b.id}`),
      status: 200,
      check: async (_response, text, c) =>
        expect(JSON.parse(text)).toEqual(await (await c.api.admin.get("/admin/api/alerts")).json()),
    },
  ],
  "GET /admin/audit/export": [
    { name: "signed out", as: "anon", send: (api) => api.get("/admin/audit/export"), status: 401, json: SIGN_IN_FIRST },
    {
      name: "a non-admin of another clinic",
      as: "otherMember",
      send: (api) => api.get("/admin/audit/export"),
      status: 403,
      json: () => ({ error: "Not allowed for your role." }),
    },
    {
      name: "a person that is SQL and a date that does not exist",
      as: "admin",
      send: (api) => api.get(`/admin/audit/export?person=${encodeURIComponent(SQL)}&from=2026-02-30`),
      status: 400,
      json: () => ({
        error: "Some filters are not valid.",
        errors: { person: ["Choose a person from the list."], from: ["That is not a valid date."] },
      }),
      noEcho: () => [SQL],
    },
    {
      name: "another clinic's person: nothing of theirs",
      as: "admin",
      send: (api, c) => api.get(`/admin/audit/export?person=${c.members.otherAdmin.appUserId}`),
      status: 200,
      check: (_response, text) => expect(text.trim().split("\n")).toHaveLength(1),
    },
  ],
  "/api/auth/[...nextauth]": [
    {
      name: "sign-in started without the CSRF token, to another site",
      as: "anon",
      send: (api) =>
        api.post("/api/auth/signin/clinic", { form: { callbackUrl: "https://evil.example/steal" }, maxRedirects: 0 }),
      status: 302,
      check: (response) => {
        expect(response.headers().location).not.toContain(SANDBOX);
        expect(response.headers().location).not.toContain("evil.example");
      },
    },
    {
      name: "the callback as a POST with a forged code and state",
      as: "anon",
      send: (api) => api.post("/api/auth/callback/clinic", { form: { code: HTML, state: "forged" }, maxRedirects: 0 }),
      status: 302,
      check: (response) =>
        expect(new URL(response.headers().location ?? "").searchParams.get("error")).toBe("OAuthCallback"),
      noEcho: () => [HTML],
    },
    {
      name: "the client logger fed forged log lines",
      as: "anon",
      send: (api) =>
        api.post("/api/auth/_log", { form: { code: "FORGED\n[auth] admin promoted", level: "error", error: HTML } }),
      status: 200,
      check: (_response, text) => expect(text).toBe(""),
      noEcho: () => [HTML, "FORGED"],
    },
    {
      name: "the client logger with a level that is not a function",
      as: "anon",
      send: (api) => api.post("/api/auth/_log", { form: { code: "x", level: "constructor" } }),
      status: 200,
      check: (_response, text) => expect(text).toBe(""),
    },
  ],
};

/** `text` as React renders it into HTML (apostrophes escaped). */
const htmlText = (text: string) =>
  new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/'/g, "(?:'|&#x27;|&#39;)"));

// ---------------------------------------------------------------------------------------------
// next-auth's routes: the platform's callback must sign nobody in on a bad or missing state or code.

/** A browser-like client that started a sign-in: it holds next-auth's state cookie. */
async function startSignIn(): Promise<{
  api: APIRequestContext;
  state: string;
  realCode: (userId: string) => Promise<string>;
}> {
  const api = await playwrightRequest.newContext({ baseURL: E2E_ENV.APP_URL });
  const { csrfToken } = (await (await api.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const started = await api.post("/api/auth/signin/clinic", { form: { csrfToken, callbackUrl: "/" }, maxRedirects: 0 });
  const authorize = new URL(started.headers().location ?? "");
  const state = authorize.searchParams.get("state") ?? "";
  expect(state).not.toBe("");
  const realCode = async (userId: string) => {
    const form = {
      client_id: LOCAL_DEFAULTS.clientId,
      redirect_uri: `${E2E_ENV.APP_URL}/api/auth/callback/clinic`,
      response_type: "code",
      state,
      user_id: userId,
    };
    const decided = await api.post(`${SANDBOX}/api/oauth/authorize`, { form, maxRedirects: 0 });
    return new URL(decided.headers().location ?? "").searchParams.get("code") ?? "";
  };
  return { api, state, realCode };
}

interface CallbackRow {
  name: string;
  /** The callback's query, from the started sign-in's state and a real code of the platform. */
  query: (s: { state: string; code: string }) => Record<string, string>;
  /** Without next-auth's state cookie (no sign-in was started in this browser). */
  withoutStateCookie?: boolean;
  error: string;
  noEcho?: string[];
}

const CALLBACK_ROWS: CallbackRow[] = [
  {
    name: "code and state without the state cookie",
    withoutStateCookie: true,
    query: ({ state, code }) => ({ code, state }),
    error: "OAuthCallback",
  },
  {
    name: "a real code with another state",
    query: ({ code }) => ({ code, state: "forged-state" }),
    error: "OAuthCallback",
  },
  { name: "a real code without a state", query: ({ code }) => ({ code }), error: "OAuthCallback" },
  { name: "the right state without a code", query: ({ state }) => ({ state }), error: "OAuthCallback" },
  {
    name: "the right state, a code of HTML",
    query: ({ state }) => ({ state, code: "<script>alert(1)</script>" }),
    error: "OAuthCallback",
    noEcho: ["<script>alert(1)</script>", "alert(1)"],
  },
  {
    name: "the right state, a code with SQL",
    query: ({ state }) => ({ state, code: SQL }),
    error: "OAuthCallback",
    noEcho: [SQL],
  },
  {
    name: "the right state, a code of 4000 characters",
    query: ({ state }) => ({ state, code: "c".repeat(4000) }),
    error: "OAuthCallback",
  },
  {
    name: "the right state, a code of unicode",
    query: ({ state }) => ({ state, code: "😀\u202e\u0000" }),
    error: "OAuthCallback",
  },
  {
    name: "the platform's error with HTML in its description",
    query: ({ state }) => ({ state, error: "access_denied", error_description: "<b>boom</b>" }),
    error: "Callback",
    noEcho: ["<b>boom</b>", "boom"],
  },
];

// ---------------------------------------------------------------------------------------------

let cast: Cast;

test.beforeAll(async ({ browser }, testInfo) => {
  testInfo.setTimeout(180_000);
  cast = await assembleCast(browser);
});

test.afterAll(async () => {
  await cast?.close();
});

/**
 * The browser's next call of action `id` and the answer it got, read on the way through (Chromium
 * does not keep the body of a streamed fetch that React has consumed).
 */
async function captureAction(page: Page, id: string): Promise<{ request: Request; response: ReceivedAnswer }> {
  return new Promise((resolve) => {
    void page.route("**/*", async (route) => {
      if (route.request().headers()["next-action"] !== id) return route.fallback();
      const fetched = await route.fetch();
      const text = await fetched.text();
      const headers = Object.fromEntries(
        Object.entries(fetched.headers()).filter(
          ([k]) => !["content-encoding", "content-length", "transfer-encoding"].includes(k),
        ),
      );
      await route.fulfill({ status: fetched.status(), headers, body: text });
      await page.unroute("**/*");
      resolve({
        request: route.request(),
        response: { text: async () => text, status: () => fetched.status(), headers: () => fetched.headers() },
      });
    });
  });
}

// The rows' requests are the browser's: the same headers and body for the same arguments, and the
// same answer. Observed on the library's first load (JSON) and on the clinic key form (multipart).
test("calibration: a JSON action call is byte for byte what the browser sends, and gets the browser's answer", async () => {
  const page = cast.pages.practitioner;
  const { id } = actionTarget(RES.list);
  const answered = captureAction(page, id);
  await page.goto("/resources");
  const { request, response } = await answered;
  const browserAnswer = await decodeAnswer(response);
  expect(request.headers()).toMatchObject({
    accept: "text/x-component",
    "content-type": "text/plain;charset=UTF-8",
    "next-action": id,
  });
  const args = decodeJsonArgs(request.postData() ?? "");
  expect(await encodeReply(args)).toBe(request.postData());
  expect(browserAnswer.answer.kind).toBe("result");
  expect((await decodeAnswer(await postAction(page.request, RES.list, args))).answer).toEqual(browserAnswer.answer);
});

test("calibration: a form action call carries the browser's multipart fields", async () => {
  const page = cast.pages.admin;
  const { id } = actionTarget(KEY.save);
  await page.goto("/admin/clinic-key");
  await page.waitForLoadState("networkidle");
  const answered = captureAction(page, id);
  await page.getByLabel(/^(new )?clinic key$/i).fill("short");
  await page.getByRole("button", { name: /Save the key|Replace the key/ }).click();
  const { request, response } = await answered;
  const browserAnswer = await decodeAnswer(response);
  expect(browserAnswer.answer).toEqual({ kind: "result", value: keyRefused(KEY_MESSAGES.short) });
  const fields = (body: string) =>
    Object.fromEntries([...body.matchAll(/name="([^"]+)"\r\n\r\n([^\r]*)\r\n/g)].map((m) => [m[1], m[2]]));
  const ours = (await encodeReply([IDLE, keyForm("short")])) as FormData;
  expect(fields(request.postDataBuffer()?.toString("utf8") ?? "")).toMatchObject(
    Object.fromEntries([...ours.entries()].map(([k, v]) => [k, String(v)])),
  );
  expect((await decodeAnswer(await postAction(page.request, KEY.save, [IDLE, keyForm("short")]))).answer).toEqual(
    browserAnswer.answer,
  );
});

function expectAnswer(answer: ActionAnswer, expected: Expected, status: number): void {
  if ("signIn" in expected)
    expect(answer).toMatchObject({ kind: "sign-in", location: expect.stringMatching(/^\/signin[;?]/) });
  else if ("notFound" in expected) expect(answer).toEqual({ kind: "not-found" });
  else if ("next" in expected) {
    expect(status).toBe(expected.next.status);
    if (expected.next.text === undefined)
      expect(answer).toEqual({ kind: "error", digest: expect.stringMatching(/^\d+$/) });
    else expect(answer).toEqual({ kind: "other", status: expected.next.status, text: expected.next.text });
  } else expect(answer.kind, JSON.stringify(answer).slice(0, 500)).toBe("result");
}

for (const row of ACTION_ROWS) {
  const [file, name] = row.action.split("#");
  test(`${file} ${name} — ${row.as}: ${row.name}`, async () => {
    const before = await fingerprint(cast);
    const response = await postAction(cast.api[row.as], row.action, row.args?.(cast) ?? [], {
      body: row.body?.(cast),
      headers: { ...row.headers, ...(row.actionId ? { "Next-Action": row.actionId } : {}) },
    });
    const { answer, text } = await decodeAnswer(response);
    expectAnswer(answer, row.answer, response.status());
    if ("value" in row.answer) expect((answer as { value: unknown }).value).toEqual(row.answer.value(cast));
    if ("holds" in row.answer) await row.answer.holds((answer as { value: unknown }).value, cast);
    expectNoLeak(text, cast, row.noEcho?.(cast) ?? []);
    expect(await fingerprint(cast)).toEqual(before);
  });
}

for (const [route, rows] of Object.entries(ROUTE_ROWS)) {
  for (const row of rows) {
    test(`${route} — ${row.as}: ${row.name}`, async () => {
      const before = await fingerprint(cast);
      const response = await row.send(cast.api[row.as], cast);
      const text = await response.text();
      expect(response.status(), text.slice(0, 500)).toBe(row.status);
      if (row.json) expect(JSON.parse(text)).toEqual(row.json(cast));
      await row.check?.(response, text, cast);
      expectNoLeak(text, cast, row.noEcho?.(cast) ?? []);
      expect(await fingerprint(cast)).toEqual(before);
    });
  }
}

test("POST /embedded/session — a body naming another clinic's user is ignored: the grant is the caller's own", async () => {
  const response = await cast.api.practitioner.post("/embedded/session", {
    data: { user_id: cast.members.otherMember.platformUserId, user_type: "Practitioner", clinic_id: cast.clinics.b.id },
  });
  expect(response.status()).toBe(201);
  const { grant_id: grantId } = (await response.json()) as { grant_id: string };
  const grant = (await (await cast.api.anon.get(`${SANDBOX}/__sandbox/grants/${grantId}`)).json()) as {
    session_grant: { clinic_id: string; user: { id: string } };
  };
  expect(grant.session_grant).toMatchObject({
    clinic_id: cast.clinics.a.id,
    user: { id: cast.members.practitioner.platformUserId },
  });
});

for (const row of CALLBACK_ROWS) {
  test(`GET /api/auth/callback/clinic — ${row.name}: nobody is signed in`, async () => {
    const started = await startSignIn();
    const code = await started.realCode(cast.members.member.platformUserId);
    const before = await fingerprint(cast);
    const api = row.withoutStateCookie ? await playwrightRequest.newContext({ baseURL: E2E_ENV.APP_URL }) : started.api;
    try {
      const response = await api.get(
        `/api/auth/callback/clinic?${new URLSearchParams(row.query({ state: started.state, code }))}`,
      );
      const landed = new URL(response.url());
      expect([landed.pathname, landed.searchParams.get("error")]).toEqual(["/signin", row.error]);
      const text = await response.text();
      expect(text).toMatch(htmlText(signInMessage({ error: row.error })?.text ?? "?"));
      expectNoLeak(text, cast, [...(row.noEcho ?? []), code]);
      expect((await api.storageState()).cookies.map((c) => c.name)).not.toContain("next-auth.session-token");
      expect(await (await api.get("/api/auth/session")).json()).toEqual({});
      expect(await fingerprint(cast)).toEqual(before);
    } finally {
      await started.api.dispose();
      if (api !== started.api) await api.dispose();
    }
  });
}

test("GET /api/auth/callback/<unknown provider> — refused (400), nobody is signed in", async () => {
  const before = await fingerprint(cast);
  const api = await playwrightRequest.newContext({ baseURL: E2E_ENV.APP_URL });
  const response = await api.get(`/api/auth/callback/evil?code=${encodeURIComponent(HTML)}&state=x`);
  expect(response.status()).toBe(400);
  expect(await response.text()).toBe("Error: This action with HTTP GET is not supported by NextAuth.js");
  expectNoLeak(await response.text(), cast, [HTML]);
  expect(await (await api.get("/api/auth/session")).json()).toEqual({});
  await api.dispose();
  expect(await fingerprint(cast)).toEqual(before);
});

test("GET /api/auth/session — a forged session cookie (wrong secret) is no session", async () => {
  const api = await playwrightRequest.newContext({ baseURL: E2E_ENV.APP_URL });
  for (const cookie of [FORGED, await forgedSession(cast)])
    expect(await (await api.get("/api/auth/session", { headers: { Cookie: cookie } })).json()).toEqual({});
  await api.dispose();
});

test("POST /api/auth/signout — without the CSRF token, nobody is signed out and nothing is revoked", async () => {
  const before = await fingerprint(cast);
  const response = await cast.api.member.post("/api/auth/signout", { form: { json: "true" }, maxRedirects: 0 });
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ url: `${E2E_ENV.APP_URL}/api/auth/signout?csrf=true` });
  expect(((await (await cast.api.member.get("/api/auth/session")).json()) as { user?: { id: string } }).user?.id).toBe(
    cast.members.member.appUserId,
  );
  expect(await fingerprint(cast)).toEqual(before);
});

// Last, as it changes things: the "nothing changed" check above is not blind. A real edit at the
// platform and a real event arriving in the app's database both change the fingerprint.
test("control: the fingerprint sees a real change at the platform and in the app's database", async () => {
  const before = await fingerprint(cast);
  const edited = await decodeAnswer(
    await postAction(cast.api.practitioner, RES.update, [
      undefined,
      cast.own.resourceId,
      { ...VALID_EDIT, name: `${TAG} control edit` },
    ]),
  );
  expect(edited.answer).toMatchObject({ kind: "result", value: { ok: true } });
  const activity = await cast.api.anon.post(`${SANDBOX}/__sandbox/activity`, {
    data: { clinic_id: cast.clinics.b.id, type: "patient.created" },
  });
  expect(activity.status()).toBe(201);
  const after = await fingerprint(cast);
  expect(after.sandbox.ownResource).not.toEqual(before.sandbox.ownResource);
  expect(after.app.webhookEvents).not.toEqual(before.app.webhookEvents);
});
