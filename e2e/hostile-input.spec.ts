// Bad input everywhere, and cross-clinic attempts refused: for each route handler and each server
// action, a table of hostile requests over real HTTP against the built app, each row with the exact
// answer it must get; every kind of refusal has one answer, written once below. A server action is
// a public POST endpoint, so rows call them directly the way the browser does
// (support/server-actions.ts). Every row also checks that the answer carries no stack trace, secret
// or unsafe echo, and that nothing was stored or changed in the app's database or at the platform
// (support/fingerprint.ts). Users and the other clinic's ids come from support/cast.ts.
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type APIResponse,
  type Page,
  type Request,
} from "@playwright/test";
import { createHmac } from "node:crypto";
import http from "node:http";
import net from "node:net";
import { encode } from "next-auth/jwt";
import { signedPayload } from "@/lib/contract/webhooks";
import { signInMessage } from "@/app/signin/messages";
import en from "@/messages/en.json" with { type: "json" };
import { LOCAL_DEFAULTS } from "@/lib/contract/local-defaults";
import { FILES } from "@/sandbox/testing/files";
import { E2E_ENV } from "@/tooling/testing/e2e-stacks";
import { assembleCast, TAG, type Cast, type Who } from "./support/cast";
import { fingerprint } from "./support/fingerprint";
import {
  actionTarget,
  ACTION_HEADERS,
  allActions,
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
  | { value: (c: Cast) => unknown }
  | { holds: (value: unknown, c: Cast) => void | Promise<void> }
  | { next: { status: number; text?: string } };

const is = (value: unknown): Expected => ({ value: () => value });
const holds = (check: (value: unknown, c: Cast) => void | Promise<void>): Expected => ({ holds: check });
/** Next.js refuses before the action runs: an opaque error digest (500) or its own plain text. */
const nextRefuses = (status: number, text?: string): Expected => ({ next: { status, text } });
/** proxy.ts refuses before Next.js decodes the action (lib/server-action-guard.ts): a plain JSON answer. */
const proxyRefuses = (status: number, error: string): Expected => nextRefuses(status, JSON.stringify({ error }));

// ---------------------------------------------------------------------------------------------
// The app's answers, written once: one answer per kind of refusal, whichever action or route
// refuses (lib/actions/result.ts). Server actions answer them as their value, JSON routes as their
// body with the kind's HTTP status.

/** Nobody signed in (or a forged session): the same words and the way back, everywhere. */
const SIGNED_OUT = {
  ok: false,
  code: "sign-in",
  message: "You are signed out. Sign in again to continue.",
  errors: {},
  reconnect: "/signin",
};
/** Signed in, but the action's declared roles do not include the caller's. */
const FORBIDDEN = {
  ok: false,
  code: "forbidden",
  message: "Your role does not allow this. Ask an admin of your clinic if you need it.",
  errors: {},
};
const INVALID = "Please correct the highlighted fields.";
/** The input failed its schema: one message, and a message per named field. */
const invalid = (...fields: string[]) => ({
  ok: false,
  code: "invalid",
  message: INVALID,
  errors: Object.fromEntries(fields.map((f) => [f, [expect.any(String)]])),
});
/** A thing of another clinic (or none at all): the two answer alike. */
const missing = (thing: string) => ({
  ok: false,
  code: "not-found",
  message: `No such ${thing} in your clinic.`,
  errors: {},
});
/** A rule of the product said no; the message says what to do instead. */
const refusedBy = (message: string, errors: Record<string, unknown> = {}) => ({
  ok: false,
  code: "refused",
  message,
  errors,
});

const NO_CONNECTION = missing("connection");
const BAD_CONNECTION = {
  ok: false,
  code: "invalid",
  message: INVALID,
  errors: { connectionId: ["That is not a connection of this app."] },
};
const NO_USER = missing("user");
const BAD_USER = {
  ok: false,
  code: "invalid",
  message: INVALID,
  errors: { userId: ["That is not a user of this app."] },
};
const KEY_MESSAGES = {
  unknown:
    "The platform does not know this key for your clinic. Copy it again from the platform's dashboard; a key of another clinic is refused too.",
  short: "A clinic key is longer than that: copy the whole key from the platform's dashboard.",
  long: "That is too long for a clinic key: copy only the key.",
  characters: "A clinic key has no spaces or special characters: copy only the key.",
};
/** The key's own rules (its schema) refused it. */
const keyInvalid = (...messages: string[]) => ({
  ok: false,
  code: "invalid",
  message: INVALID,
  errors: { clinicKey: messages },
});
/** The platform refused a well-formed key. */
const KEY_UNKNOWN = refusedBy("The key was not saved.", { clinicKey: [KEY_MESSAGES.unknown] });
/** An empty key: too short, and (being empty) not made of the key's characters either. */
const KEY_MISSING = keyInvalid(KEY_MESSAGES.short, KEY_MESSAGES.characters);
const ONLY_OWN = { ok: false, code: "not-found", message: "You can only work on your own resources.", errors: {} };
const PICK_MESSAGE = "Pick the practitioner you are acting for first.";
const PICK = { ok: false, code: "invalid", message: PICK_MESSAGE, errors: { practitionerId: [PICK_MESSAGE] } };
const NOT_IN_CLINIC = missing("practitioner");
const PLATFORM_404 = {
  ok: false,
  code: "not-found",
  message: "The platform does not know this resource or practitioner (it may have been deleted, or it is not yours).",
  requestId: expect.any(String),
  errors: {},
};

type Listed<T> = { ok: true; data: { items: T[] } };
type Timeline = { ok: true; data: { events: Array<{ id: string }> } };
type ChartAnswer = { ok: true; data: { days: string[] } };
const IDLE = { ok: true, data: null };
const keyForm = (key?: string | Blob) => {
  const form = new FormData();
  if (key !== undefined) form.set("clinicKey", key);
  return form;
};
const SQL = "'; DROP TABLE users; --";
const HTML = "<img src=x onerror=alert(1)>";
const UNICODE = "é\u202e😀\ud800";
/** UNICODE as a browser would put it in a URL: the lone surrogate's bytes are not valid UTF-8. */
const UNICODE_QUERY = "%C3%A9%E2%80%AE%F0%9F%98%80%ED%A0%80";
const VALID_EDIT = { name: `${TAG} renamed`, save_to_library: "true" };

interface ActionRow {
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

const RECON_START = "app/events/reconciliation-actions.ts#startReconciliation";
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
const NEW_PATIENT = "app/patients/new/actions.ts#createPatientAction";
/** A valid new patient's form with `change` applied: a row's one fault is the only one. */
const patientForm = (change: Record<string, string>) => {
  const form = new FormData();
  const fields = { first_name: "Hostile", last_name: "Input", email: "hostile.input@mail.example", ...change };
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
};
const CANCEL_PLAN = "app/patients/[id]/actions.ts#cancelPlan";
const ALERTS = {
  acknowledge: "app/admin/alerts/actions.ts#acknowledgeAlertAction",
  email: "app/admin/alerts/actions.ts#saveAlertEmailAction",
  testEmail: "app/admin/alerts/actions.ts#sendTestEmailAction",
  check: "app/admin/alerts/actions.ts#checkAlertsNowAction",
} as const;
const TIME_ZONE = "app/admin/settings/actions.ts#saveTimeZoneAction";
const zoneForm = (timeZone: string) => {
  const form = new FormData();
  form.set("timeZone", timeZone);
  return form;
};
/** The zone's own rules (its schema) refused it. */
const badZone = (message: string) => ({
  ok: false,
  code: "invalid",
  message: INVALID,
  errors: { timeZone: [message] },
});
const NOT_A_ZONE = "That is not a time zone this app knows. Choose one from the list, e.g. America/Vancouver.";
/** An alert id no clinic has (one of another clinic answers the same: not found among the caller's). */
const NO_SUCH_ALERT = { alertId: "00000000-0000-4000-8000-000000000000" };
const emailForm = (email: string) => {
  const form = new FormData();
  form.set("email", email);
  return form;
};
/** The address's own rules (its schema) refused it. */
const badEmail = (message: string) => ({ ok: false, code: "invalid", message: INVALID, errors: { email: [message] } });
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
const connection = (connectionId: unknown) => [{ connectionId }];
const promotion = (userId: unknown, isAdmin?: unknown) => [{ userId, isAdmin }];

const BIDI_NAME =
  'Remove the characters that reverse the text\'s direction from the name: they can make a name read as something else ("fdp.exe" shown as "exe.pdf").';
const ACTION_ROWS: ActionRow[] = [
  // app/events/reconciliation-actions.ts — admins only. (The run's progress and the history are GET
  // routes: see ROUTE_ROWS.)
  { name: "signed out", action: RECON_START, as: "anon", answer: is(SIGNED_OUT) },
  // A copy of a session cookie taken before its sign-out: signed out (a live non-admin would be forbidden).
  {
    name: "a session cookie copied before its sign-out",
    action: RECON_START,
    as: "anon",
    cookie: (c) => c.endedSession,
    answer: is(SIGNED_OUT),
  },
  {
    name: "a session cookie copied before its sign-out",
    action: RES.list,
    as: "anon",
    cookie: (c) => c.endedSession,
    args: () => [{}],
    answer: is(SIGNED_OUT),
  },
  {
    name: "a practitioner of another clinic (not an admin)",
    action: RECON_START,
    as: "otherMember",
    answer: is(FORBIDDEN),
  },
  { name: "a non-admin of the clinic", action: RECON_START, as: "member", answer: is(FORBIDDEN) },

  // app/admin/accounts/actions.ts — admins only, and only their clinic's connections and users.
  {
    name: "signed out",
    action: ACCOUNTS.revoke,
    as: "anon",
    args: (c) => connection(c.other.connectionId),
    answer: is(SIGNED_OUT),
  },
  {
    name: "a non-admin, their own clinic's connection",
    action: ACCOUNTS.revoke,
    as: "otherMember",
    args: (c) => connection(c.other.adminConnectionId),
    answer: is(FORBIDDEN),
  },
  {
    name: "a non-admin, another clinic's connection",
    action: ACCOUNTS.revoke,
    as: "member",
    args: (c) => connection(c.other.connectionId),
    answer: is(FORBIDDEN),
  },
  {
    name: "another clinic's connection",
    action: ACCOUNTS.revoke,
    as: "admin",
    args: (c) => connection(c.other.connectionId),
    answer: is(NO_CONNECTION),
  },
  {
    name: "another clinic's connection, upper-cased",
    action: ACCOUNTS.revoke,
    as: "admin",
    args: (c) => connection(c.other.connectionId.toUpperCase()),
    answer: is(NO_CONNECTION),
  },
  {
    name: "a connection that does not exist",
    action: ACCOUNTS.revoke,
    as: "admin",
    args: () => connection("00000000-0000-4000-8000-000000000000"),
    answer: is(NO_CONNECTION),
  },
  { name: "SQL", action: ACCOUNTS.revoke, as: "admin", args: () => connection(SQL), answer: is(BAD_CONNECTION) },
  { name: "a number", action: ACCOUNTS.revoke, as: "admin", args: () => connection(12345), answer: is(BAD_CONNECTION) },
  { name: "null", action: ACCOUNTS.revoke, as: "admin", args: () => connection(null), answer: is(BAD_CONNECTION) },
  { name: "the field missing", action: ACCOUNTS.revoke, as: "admin", args: () => [{}], answer: is(BAD_CONNECTION) },
  { name: "no argument", action: ACCOUNTS.revoke, as: "admin", answer: is(invalid("_")) },
  {
    name: "a bare id instead of the input",
    action: ACCOUNTS.revoke,
    as: "admin",
    args: (c) => [c.own.connectionId],
    answer: is(invalid("_")),
  },
  {
    name: "an object naming another clinic's connection",
    action: ACCOUNTS.revoke,
    as: "admin",
    args: (c) => connection({ id: c.other.connectionId }),
    answer: is(BAD_CONNECTION),
  },
  {
    name: "a string of 900,000 characters",
    action: ACCOUNTS.revoke,
    as: "admin",
    args: () => connection("c".repeat(900_000)),
    answer: is(BAD_CONNECTION),
  },
  {
    name: "unicode and a lone surrogate",
    action: ACCOUNTS.revoke,
    as: "admin",
    args: () => connection(UNICODE),
    answer: is(BAD_CONNECTION),
  },
  {
    name: "HTML",
    action: ACCOUNTS.revoke,
    as: "admin",
    args: () => connection(HTML),
    answer: is(BAD_CONNECTION),
    noEcho: () => [HTML],
  },
  {
    name: "signed out",
    action: ACCOUNTS.refresh,
    as: "anon",
    args: (c) => connection(c.other.connectionId),
    answer: is(SIGNED_OUT),
  },
  {
    name: "a non-admin, their own clinic's connection",
    action: ACCOUNTS.refresh,
    as: "otherMember",
    args: (c) => connection(c.other.connectionId),
    answer: is(FORBIDDEN),
  },
  {
    name: "another clinic's member connection",
    action: ACCOUNTS.refresh,
    as: "admin",
    args: (c) => connection(c.other.connectionId),
    answer: is(NO_CONNECTION),
  },
  {
    name: "another clinic's admin connection",
    action: ACCOUNTS.refresh,
    as: "admin",
    args: (c) => connection(c.other.adminConnectionId),
    answer: is(NO_CONNECTION),
  },
  {
    name: "not a uuid",
    action: ACCOUNTS.refresh,
    as: "admin",
    args: () => connection("not-a-uuid"),
    answer: is(BAD_CONNECTION),
  },
  {
    name: "signed out",
    action: ACCOUNTS.reconnect,
    as: "anon",
    args: (c) => connection(c.other.connectionId),
    answer: is(SIGNED_OUT),
  },
  {
    name: "a non-admin, their own clinic's admin",
    action: ACCOUNTS.reconnect,
    as: "otherMember",
    args: (c) => connection(c.other.adminConnectionId),
    answer: is(FORBIDDEN),
  },
  {
    name: "another clinic's connection",
    action: ACCOUNTS.reconnect,
    as: "admin",
    args: (c) => connection(c.other.connectionId),
    answer: is(NO_CONNECTION),
  },
  {
    name: "a boolean",
    action: ACCOUNTS.reconnect,
    as: "admin",
    args: () => connection(true),
    answer: is(BAD_CONNECTION),
  },
  {
    name: "signed out",
    action: ACCOUNTS.setAdmin,
    as: "anon",
    args: (c) => promotion(c.members.otherMember.appUserId, true),
    answer: is(SIGNED_OUT),
  },
  {
    name: "a non-admin promotes themself",
    action: ACCOUNTS.setAdmin,
    as: "otherMember",
    args: (c) => promotion(c.members.otherMember.appUserId, true),
    answer: is(FORBIDDEN),
  },
  {
    name: "a non-admin of the clinic promotes themself",
    action: ACCOUNTS.setAdmin,
    as: "member",
    args: (c) => promotion(c.members.member.appUserId, true),
    answer: is(FORBIDDEN),
  },
  {
    name: "promote another clinic's user",
    action: ACCOUNTS.setAdmin,
    as: "admin",
    args: (c) => promotion(c.members.otherMember.appUserId, true),
    answer: is(NO_USER),
  },
  {
    name: "demote another clinic's admin",
    action: ACCOUNTS.setAdmin,
    as: "admin",
    args: (c) => promotion(c.members.otherAdmin.appUserId, false),
    answer: is(NO_USER),
  },
  {
    name: "isAdmin as a string",
    action: ACCOUNTS.setAdmin,
    as: "admin",
    args: (c) => promotion(c.members.member.appUserId, "true"),
    answer: is(invalid("isAdmin")),
  },
  {
    name: "isAdmin missing",
    action: ACCOUNTS.setAdmin,
    as: "admin",
    args: (c) => promotion(c.members.member.appUserId),
    answer: is(invalid("isAdmin")),
  },
  {
    name: "user id with SQL",
    action: ACCOUNTS.setAdmin,
    as: "admin",
    args: () => promotion(SQL, true),
    answer: is(BAD_USER),
  },
  {
    name: "user id as a query object",
    action: ACCOUNTS.setAdmin,
    as: "admin",
    args: () => promotion({ not: null }, true),
    answer: is(BAD_USER),
  },
  { name: "signed out", action: ACCOUNTS.replaceClinicToken, as: "anon", answer: is(SIGNED_OUT) },
  { name: "a non-admin", action: ACCOUNTS.replaceClinicToken, as: "otherMember", answer: is(FORBIDDEN) },
  {
    name: "another clinic's id as an argument (role mode: there is no clinic token)",
    action: ACCOUNTS.replaceClinicToken,
    as: "admin",
    args: (c) => [c.clinics.b.id],
    answer: is(
      refusedBy(
        "This app uses role-based authorization: each user connects their own account when they sign in, so there is no clinic token to replace.",
      ),
    ),
  },

  // app/admin/clinic-key/actions.ts — admins only; the key is never sent back.
  {
    name: "signed out, another clinic's key",
    action: KEY.save,
    as: "anon",
    args: (c) => [IDLE, keyForm(c.other.clinicKey)],
    answer: is(SIGNED_OUT),
  },
  {
    name: "a non-admin, their own clinic's key",
    action: KEY.save,
    as: "otherMember",
    args: (c) => [IDLE, keyForm(c.other.clinicKey)],
    answer: is(FORBIDDEN),
  },
  {
    name: "a non-admin of the clinic",
    action: KEY.save,
    as: "member",
    args: (c) => [IDLE, keyForm(c.clinics.a.current_clinic_key)],
    answer: is(FORBIDDEN),
  },
  {
    name: "another clinic's key",
    action: KEY.save,
    as: "admin",
    args: (c) => [IDLE, keyForm(c.other.clinicKey)],
    answer: is(KEY_UNKNOWN),
  },
  {
    name: "too short",
    action: KEY.save,
    as: "admin",
    args: () => [IDLE, keyForm("short")],
    answer: is(keyInvalid(KEY_MESSAGES.short)),
  },
  {
    name: "201 characters",
    action: KEY.save,
    as: "admin",
    args: () => [IDLE, keyForm("k".repeat(201))],
    answer: is(keyInvalid(KEY_MESSAGES.long)),
  },
  {
    name: "with spaces",
    action: KEY.save,
    as: "admin",
    args: () => [IDLE, keyForm("key with spaces 123")],
    answer: is(keyInvalid(KEY_MESSAGES.characters)),
  },
  {
    name: "unicode",
    action: KEY.save,
    as: "admin",
    args: () => [IDLE, keyForm(`clé-${UNICODE}-0000`)],
    answer: is(keyInvalid(KEY_MESSAGES.characters)),
  },
  {
    name: "a NUL byte",
    action: KEY.save,
    as: "admin",
    args: () => [IDLE, keyForm("abcd\u0000efghij")],
    answer: is(keyInvalid(KEY_MESSAGES.characters)),
  },
  {
    name: "SQL without spaces",
    action: KEY.save,
    as: "admin",
    args: () => [IDLE, keyForm("'OR'1'='1'--")],
    answer: is(KEY_UNKNOWN),
    noEcho: () => ["'OR'1'='1'--"],
  },
  {
    name: "HTML without spaces",
    action: KEY.save,
    as: "admin",
    args: () => [IDLE, keyForm("<script>alert(1)</script>")],
    answer: is(KEY_UNKNOWN),
    noEcho: () => ["<script>"],
  },
  { name: "the field missing", action: KEY.save, as: "admin", args: () => [IDLE, keyForm()], answer: is(KEY_MISSING) },
  {
    name: "the key sent as a file",
    action: KEY.save,
    as: "admin",
    args: (c) => [IDLE, keyForm(new Blob([c.clinics.a.current_clinic_key]))],
    answer: is({ ok: false, code: "invalid", message: INVALID, errors: { clinicKey: [expect.any(String)] } }),
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
    answer: is(SIGNED_OUT),
  },
  { name: "signed out", action: KEY.remove, as: "anon", answer: is(SIGNED_OUT) },
  { name: "a non-admin, their own clinic's key", action: KEY.remove, as: "otherMember", answer: is(FORBIDDEN) },
  { name: "a non-admin of the clinic", action: KEY.remove, as: "member", answer: is(FORBIDDEN) },

  // app/admin/alerts/actions.ts — admins only, their clinic's alerts and their own address only.
  { name: "signed out", action: ALERTS.acknowledge, as: "anon", args: () => [NO_SUCH_ALERT], answer: is(SIGNED_OUT) },
  {
    name: "a non-admin",
    action: ALERTS.acknowledge,
    as: "member",
    args: () => [NO_SUCH_ALERT],
    answer: is(FORBIDDEN),
  },
  {
    name: "an alert that is not the clinic's",
    action: ALERTS.acknowledge,
    as: "admin",
    args: () => [NO_SUCH_ALERT],
    answer: is(refusedBy("This alert is no longer open (it resolved itself), or it is not one of your clinic's.")),
  },
  {
    name: "an alert id with SQL",
    action: ALERTS.acknowledge,
    as: "admin",
    args: () => [{ alertId: SQL }],
    answer: is({
      ok: false,
      code: "invalid",
      message: INVALID,
      errors: { alertId: ["That is not an alert of this app."] },
    }),
    noEcho: () => [SQL],
  },
  {
    name: "signed out",
    action: ALERTS.email,
    as: "anon",
    args: () => [IDLE, emailForm("x@example.test")],
    answer: is(SIGNED_OUT),
  },
  {
    name: "a non-admin",
    action: ALERTS.email,
    as: "otherMember",
    args: () => [IDLE, emailForm("x@example.test")],
    answer: is(FORBIDDEN),
  },
  {
    name: "not an address",
    action: ALERTS.email,
    as: "admin",
    args: () => [IDLE, emailForm(HTML)],
    answer: is(badEmail("That is not an email address.")),
    noEcho: () => [HTML],
  },
  {
    name: "a header smuggled after the address",
    action: ALERTS.email,
    as: "admin",
    args: () => [IDLE, emailForm("a@example.test\r\nBcc: all@evil.example")],
    answer: is(badEmail("That is not an email address.")),
    noEcho: () => ["evil.example"],
  },
  {
    name: "an address of 300 characters",
    action: ALERTS.email,
    as: "admin",
    args: () => [IDLE, emailForm(`${"a".repeat(290)}@example.test`)],
    answer: is(badEmail("That address is too long.")),
  },
  // app/admin/settings/actions.ts — admins only; IANA zone names only (an offset or SQL is not one).
  { name: "signed out", action: TIME_ZONE, as: "anon", args: () => [IDLE, zoneForm("UTC")], answer: is(SIGNED_OUT) },
  {
    name: "a non-admin",
    action: TIME_ZONE,
    as: "otherMember",
    args: () => [IDLE, zoneForm("UTC")],
    answer: is(FORBIDDEN),
  },
  {
    name: "SQL as the zone",
    action: TIME_ZONE,
    as: "admin",
    args: () => [IDLE, zoneForm(SQL)],
    answer: is(badZone(NOT_A_ZONE)),
    noEcho: () => [SQL],
  },
  {
    name: "an offset",
    action: TIME_ZONE,
    as: "admin",
    args: () => [IDLE, zoneForm("+05:30")],
    answer: is(badZone(NOT_A_ZONE)),
  },
  {
    name: "no such city",
    action: TIME_ZONE,
    as: "admin",
    args: () => [IDLE, zoneForm("Mars/Olympus_Mons")],
    answer: is(badZone(NOT_A_ZONE)),
  },
  {
    name: "empty",
    action: TIME_ZONE,
    as: "admin",
    args: () => [IDLE, zoneForm("")],
    answer: is(badZone("Choose the clinic's time zone from the list.")),
  },
  {
    name: "a zone of 300 characters",
    action: TIME_ZONE,
    as: "admin",
    args: () => [IDLE, zoneForm(`America/${"a".repeat(292)}`)],
    answer: is(badZone("That is not a time zone name.")),
  },
  { name: "signed out", action: ALERTS.testEmail, as: "anon", answer: is(SIGNED_OUT) },
  { name: "a non-admin", action: ALERTS.testEmail, as: "member", answer: is(FORBIDDEN) },
  { name: "signed out", action: ALERTS.check, as: "anon", answer: is(SIGNED_OUT) },
  { name: "a non-admin", action: ALERTS.check, as: "otherMember", answer: is(FORBIDDEN) },

  // app/patients/new/actions.ts — bad input is refused before the platform is asked.
  {
    name: "no form",
    action: NEW_PATIENT,
    as: "practitioner",
    args: () => [IDLE, null],
    answer: is(invalid("first_name", "last_name", "email")),
  },
  {
    name: "SQL as the email",
    action: NEW_PATIENT,
    as: "staff",
    args: () => [IDLE, patientForm({ email: SQL })],
    answer: is(invalid("email")),
    noEcho: () => [SQL],
  },
  {
    name: "a name that reverses its text, a gender the platform lacks",
    action: NEW_PATIENT,
    as: "practitioner",
    args: () => [IDLE, patientForm({ first_name: UNICODE, gender: HTML })],
    answer: is(invalid("first_name", "gender")),
    noEcho: () => [HTML],
  },
  {
    name: "a discount of 1000 %",
    action: NEW_PATIENT,
    as: "practitioner",
    args: () => [IDLE, patientForm({ discount: "1000" })],
    answer: is(invalid("discount")),
  },
  // app/patients/[id]/actions.ts — a plan of one of the caller's clinic's patients only.
  {
    name: "signed out",
    action: CANCEL_PLAN,
    as: "anon",
    args: () => [{ patientId: "pat_x", planId: "tp_x" }],
    answer: is(SIGNED_OUT),
  },
  { name: "null", action: CANCEL_PLAN, as: "practitioner", args: () => [null], answer: is(invalid("_")) },
  {
    name: "a plan id with SQL",
    action: CANCEL_PLAN,
    as: "practitioner",
    args: () => [{ patientId: "pat_x", planId: SQL }],
    answer: is(invalid("planId")),
  },
  {
    name: "another clinic's patient",
    action: CANCEL_PLAN,
    as: "practitioner",
    args: (c) => [{ patientId: c.other.patientIds[0], planId: "tp_x" }],
    answer: is(missing("record")),
  },

  // app/patients/actions.ts — the caller's clinic's patients only.
  { name: "signed out", action: PATIENTS, as: "anon", args: () => [{}], answer: is(SIGNED_OUT) },
  { name: "null", action: PATIENTS, as: "practitioner", args: () => [null], answer: is(invalid("_")) },
  {
    name: "a query string",
    action: PATIENTS,
    as: "practitioner",
    args: () => ["page=2&size=100"],
    answer: is(invalid("_")),
  },
  { name: "page 0", action: PATIENTS, as: "practitioner", args: () => [{ page: 0 }], answer: is(invalid("page")) },
  {
    name: "page with SQL",
    action: PATIENTS,
    as: "practitioner",
    args: () => [{ page: `1${SQL}` }],
    answer: is(invalid("page")),
  },
  { name: "size 101", action: PATIENTS, as: "practitioner", args: () => [{ size: 101 }], answer: is(invalid("size")) },
  {
    name: "size negative",
    action: PATIENTS,
    as: "practitioner",
    args: () => [{ size: -5 }],
    answer: is(invalid("size")),
  },
  {
    name: "search of 201 characters",
    action: PATIENTS,
    as: "practitioner",
    args: () => [{ q: "q".repeat(201) }],
    answer: is(invalid("q")),
  },
  {
    name: "search of 900,000 characters",
    action: PATIENTS,
    as: "practitioner",
    args: () => [{ q: "q".repeat(900_000) }],
    answer: is(invalid("q")),
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
  { name: "signed out", action: RES.list, as: "anon", args: () => [{}], answer: is(SIGNED_OUT) },
  {
    name: "a practitioner of another clinic",
    action: RES.list,
    as: "practitioner",
    args: (c) => [{ practitionerId: c.members.otherMember.platformUserId }],
    answer: is(ONLY_OWN),
  },
  {
    name: "staff, a practitioner of another clinic",
    action: RES.list,
    as: "staff",
    args: (c) => [{ practitionerId: c.members.otherMember.platformUserId }],
    answer: is(NOT_IN_CLINIC),
  },
  { name: "staff, no practitioner", action: RES.list, as: "staff", args: () => [{}], answer: is(PICK) },
  {
    name: "practitioner id with SQL",
    action: RES.list,
    as: "practitioner",
    args: () => [{ practitionerId: SQL }],
    answer: is(invalid("practitionerId")),
  },
  {
    name: "size 1000",
    action: RES.list,
    as: "practitioner",
    args: () => [{ size: 1000 }],
    answer: is(invalid("size")),
  },
  {
    name: "type HTML",
    action: RES.list,
    as: "practitioner",
    args: () => [{ type: HTML }],
    answer: is(invalid("type")),
    noEcho: () => [HTML],
  },
  {
    name: "search of 101 characters",
    action: RES.list,
    as: "practitioner",
    args: () => [{ q: "q".repeat(101) }],
    answer: is(invalid("q")),
  },
  { name: "null", action: RES.list, as: "practitioner", args: () => [null], answer: is(invalid("_")) },
  {
    name: "a filtered view at page 1,000,000: read within its cap, nothing there",
    action: RES.list,
    as: "practitioner",
    args: () => [{ q: "a", page: 1_000_000, size: 100 }],
    answer: holds((v) => expect(itemIds(v)).toEqual([])),
  },
  {
    name: "page 1,000,001",
    action: RES.list,
    as: "practitioner",
    args: () => [{ page: 1_000_001 }],
    answer: is(invalid("page")),
  },
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
  { name: "signed out", action: RES.service, as: "anon", args: () => [{}], answer: is(SIGNED_OUT) },
  { name: "page -1", action: RES.service, as: "practitioner", args: () => [{ page: -1 }], answer: is(invalid("page")) },
  { name: "an array", action: RES.service, as: "practitioner", args: () => [[1, 2]], answer: is(invalid("_")) },
  { name: "signed out", action: RES.practitioners, as: "anon", answer: is(SIGNED_OUT) },
  { name: "a practitioner (staff only)", action: RES.practitioners, as: "practitioner", answer: is(FORBIDDEN) },
  { name: "a practitioner of another clinic", action: RES.practitioners, as: "otherMember", answer: is(FORBIDDEN) },
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
    args: (c) => [{ practitionerId: c.members.otherMember.platformUserId }],
    answer: is(SIGNED_OUT),
  },
  {
    name: "a practitioner of another clinic",
    action: RES.plans,
    as: "practitioner",
    args: (c) => [{ practitionerId: c.members.otherMember.platformUserId }],
    answer: is(ONLY_OWN),
  },
  {
    name: "staff, a practitioner of another clinic",
    action: RES.plans,
    as: "staff",
    args: (c) => [{ practitionerId: c.members.otherMember.platformUserId }],
    answer: is(NOT_IN_CLINIC),
  },
  {
    name: "a path",
    action: RES.plans,
    as: "staff",
    args: () => [{ practitionerId: "../../etc/passwd" }],
    answer: is(invalid("practitionerId")),
  },
  {
    name: "a number",
    action: RES.plans,
    as: "staff",
    args: () => [{ practitionerId: 12345 }],
    answer: is(invalid("practitionerId")),
  },
  {
    name: "signed out",
    action: RES.update,
    as: "anon",
    args: (c) => [{ resourceId: c.other.resourceId, ...VALID_EDIT }],
    answer: is(SIGNED_OUT),
  },
  {
    name: "another clinic's resource",
    action: RES.update,
    as: "practitioner",
    args: (c) => [{ resourceId: c.other.resourceId, ...VALID_EDIT }],
    answer: is(PLATFORM_404),
  },
  {
    name: "another clinic's resource and practitioner",
    action: RES.update,
    as: "practitioner",
    args: (c) => [
      { practitionerId: c.members.otherMember.platformUserId, resourceId: c.other.resourceId, ...VALID_EDIT },
    ],
    answer: is(ONLY_OWN),
  },
  {
    name: "staff, another clinic's resource and practitioner",
    action: RES.update,
    as: "staff",
    args: (c) => [
      { practitionerId: c.members.otherMember.platformUserId, resourceId: c.other.resourceId, ...VALID_EDIT },
    ],
    answer: is(NOT_IN_CLINIC),
  },
  {
    name: "staff, another clinic's resource, no practitioner",
    action: RES.update,
    as: "staff",
    args: (c) => [{ resourceId: c.other.resourceId, ...VALID_EDIT }],
    answer: is(PICK),
  },
  {
    name: "resource id with SQL",
    action: RES.update,
    as: "practitioner",
    args: () => [{ resourceId: SQL, ...VALID_EDIT }],
    answer: is(invalid("resourceId")),
  },
  {
    name: "resource id a number",
    action: RES.update,
    as: "practitioner",
    args: () => [{ resourceId: 42, ...VALID_EDIT }],
    answer: is(invalid("resourceId")),
  },
  {
    name: "resource id of 101 characters",
    action: RES.update,
    as: "practitioner",
    args: () => [{ resourceId: "r".repeat(101), ...VALID_EDIT }],
    answer: is(invalid("resourceId")),
  },
  {
    name: "practitioner id an object",
    action: RES.update,
    as: "practitioner",
    args: (c) => [{ practitionerId: {}, resourceId: c.own.resourceId, ...VALID_EDIT }],
    answer: is(invalid("practitionerId")),
  },
  {
    name: "empty name",
    action: RES.update,
    as: "practitioner",
    args: (c) => [{ resourceId: c.own.resourceId, name: "", save_to_library: "true" }],
    answer: is(invalid("name")),
  },
  {
    name: "name a number",
    action: RES.update,
    as: "practitioner",
    args: (c) => [{ resourceId: c.own.resourceId, name: 5, save_to_library: "true" }],
    answer: is(invalid("name")),
  },
  { name: "the input null", action: RES.update, as: "practitioner", args: () => [null], answer: is(invalid("_")) },
  {
    name: "the fields nested instead of beside the id",
    action: RES.update,
    as: "practitioner",
    args: (c) => [{ resourceId: c.own.resourceId, fields: VALID_EDIT }],
    answer: is(invalid("name", "save_to_library")),
  },
  {
    name: "save_to_library a boolean",
    action: RES.update,
    as: "practitioner",
    args: (c) => [{ resourceId: c.own.resourceId, name: "x", save_to_library: true }],
    answer: is(invalid("save_to_library")),
  },
  {
    name: "name of 256 characters",
    action: RES.update,
    as: "practitioner",
    args: (c) => [{ resourceId: c.own.resourceId, name: "n".repeat(256), save_to_library: "true" }],
    answer: is(invalid("name")),
  },
  {
    name: "HTML name with a bad flag",
    action: RES.update,
    as: "practitioner",
    args: (c) => [{ resourceId: c.own.resourceId, name: HTML, save_to_library: "maybe" }],
    answer: is(invalid("save_to_library")),
    noEcho: () => [HTML],
  },
  {
    name: "a type that does not exist",
    action: RES.update,
    as: "practitioner",
    args: (c) => [{ resourceId: c.own.resourceId, ...VALID_EDIT, type: "Malware" }],
    answer: is(invalid("type")),
  },
  {
    name: "a treatment plan id with a path",
    action: RES.update,
    as: "practitioner",
    args: (c) => [{ resourceId: c.own.resourceId, ...VALID_EDIT, treatment_plan_id: "../x" }],
    answer: is(invalid("treatment_plan_id")),
  },
  {
    name: "a name with a right-to-left override (reads as exe.pdf)",
    action: RES.update,
    as: "practitioner",
    args: (c) => [{ resourceId: c.own.resourceId, name: "Invoice \u202efdp.exe", save_to_library: "true" }],
    answer: is({ ok: false, code: "invalid", message: INVALID, errors: { name: [BIDI_NAME] } }),
  },
  {
    name: "a name with a direction isolate",
    action: RES.update,
    as: "practitioner",
    args: (c) => [{ resourceId: c.own.resourceId, name: "Sleep \u2067guide\u2069", save_to_library: "true" }],
    answer: is({ ok: false, code: "invalid", message: INVALID, errors: { name: [BIDI_NAME] } }),
  },
  {
    name: "a name with control characters",
    action: RES.update,
    as: "practitioner",
    args: (c) => [{ resourceId: c.own.resourceId, name: "evil\u0000name\u001b[31m", save_to_library: "true" }],
    answer: is(invalid("name")),
  },
  {
    name: "signed out",
    action: RES.remove,
    as: "anon",
    args: (c) => [{ resourceId: c.other.resourceId }],
    answer: is(SIGNED_OUT),
  },
  {
    name: "another clinic's resource",
    action: RES.remove,
    as: "practitioner",
    args: (c) => [{ resourceId: c.other.resourceId }],
    answer: is(PLATFORM_404),
  },
  {
    name: "another clinic's resource and practitioner",
    action: RES.remove,
    as: "practitioner",
    args: (c) => [{ practitionerId: c.members.otherMember.platformUserId, resourceId: c.other.resourceId }],
    answer: is(ONLY_OWN),
  },
  {
    name: "staff, another clinic's resource and practitioner",
    action: RES.remove,
    as: "staff",
    args: (c) => [{ practitionerId: c.members.otherMember.platformUserId, resourceId: c.other.resourceId }],
    answer: is(NOT_IN_CLINIC),
  },
  {
    name: "staff, another clinic's resource, no practitioner",
    action: RES.remove,
    as: "staff",
    args: (c) => [{ resourceId: c.other.resourceId }],
    answer: is(PICK),
  },
  {
    name: "B's staff, A's resource and practitioner",
    action: RES.remove,
    as: "otherAdmin",
    args: (c) => [{ practitionerId: c.members.practitioner.platformUserId, resourceId: c.own.resourceId }],
    answer: is(NOT_IN_CLINIC),
  },
  {
    name: "resource id null",
    action: RES.remove,
    as: "practitioner",
    args: () => [{ resourceId: null }],
    answer: is(invalid("resourceId")),
  },
  {
    name: "resource id a path",
    action: RES.remove,
    as: "practitioner",
    args: () => [{ resourceId: "x/../../y" }],
    answer: is(invalid("resourceId")),
  },
  {
    name: "resource id empty",
    action: RES.remove,
    as: "practitioner",
    args: () => [{ resourceId: "" }],
    // Too short, and (being empty) not made of an id's characters either.
    answer: is({ ...invalid(), errors: { resourceId: [expect.any(String), "is not a valid id"] } }),
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
    args: (c) => [{ resourceId: c.own.resourceId }],
    headers: { Origin: "http://evil.example" },
    answer: proxyRefuses(403, "This request did not come from this app."),
  },
  {
    name: "from another site, naming it in X-Forwarded-Host (no proxy is trusted)",
    action: RES.remove,
    as: "practitioner",
    args: (c) => [{ resourceId: c.own.resourceId }],
    headers: { Origin: "http://evil.example", "X-Forwarded-Host": "evil.example" },
    answer: proxyRefuses(403, "This request did not come from this app."),
  },
  {
    name: "an Origin that is not a URL",
    action: RES.remove,
    as: "practitioner",
    args: (c) => [{ resourceId: c.own.resourceId }],
    headers: { Origin: "garbage" },
    answer: proxyRefuses(403, "This request did not come from this app."),
  },
  {
    name: "an action id that does not exist",
    action: RES.remove,
    as: "practitioner",
    actionId: `7f${"0".repeat(40)}`,
    args: (c) => [{ resourceId: c.own.resourceId }],
    answer: nextRefuses(409, "Server Action unavailable."),
  },
  {
    name: "an action id that is not an id",
    action: RES.remove,
    as: "practitioner",
    actionId: "../../app/resources/actions",
    args: (c) => [{ resourceId: c.own.resourceId }],
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
const BODY_TOO_LARGE = "This is more than the app accepts at once (11 MB at most). Send a smaller file.";
const upload =
  (multipart: Record<string, string | typeof PDF>, headers: Record<string, string> = {}) =>
  (api: APIRequestContext) =>
    api.post("/api/resources", { multipart, headers });
const edit =
  (id: (c: Cast) => string, multipart: Record<string, string | typeof PDF>, headers: Record<string, string> = {}) =>
  (api: APIRequestContext, c: Cast) =>
    api.put(`/api/resources/${encodeURIComponent(id(c))}`, { multipart, headers });
/** A refusal of the upload route with its own words (a file's problem says what to do about it). */
const refusedAs = (code: string, message: string, errors: Record<string, unknown> = {}) => ({
  ok: false,
  code,
  message,
  errors,
});
/** GET a JSON route, with a hand-written query string (hostile ones cannot always be built). */
const get =
  (path: string, query = "", headers: Record<string, string> = {}) =>
  (api: APIRequestContext) =>
    api.get(query ? `${path}?${query}` : path, { headers });
const EMPTY_TIMELINE = { ok: true, data: expect.objectContaining({ events: [] }) };
const runIds = (body: unknown) => (body as { data: Array<{ id: string }> }).data.map((r) => r.id);
const FIELDS = { name: `${TAG} hostile`, save_to_library: "true" };
const UNSAFE_NAME =
  "The file's name has characters that are not allowed (slashes, control characters or text-direction marks). Rename it.";
const FORGED = "next-auth.session-token=forged.garbage.value";
const SEARCH_TOO_SHORT = "Search for at least three letters or digits in a row, such as part of a name or an id.";
const searchRefused = { ok: false, code: "invalid", message: INVALID, errors: { q: [SEARCH_TOO_SHORT] } };
const FOREIGN_FORM = { error: "This request did not come from this app." };
/** A form posted to a page without JavaScript: a server action's id travels as a field of the body. */
const noScriptForm = (path: string, headers: Record<string, string>) => (api: APIRequestContext) =>
  api.post(path, { multipart: { [`$ACTION_ID_7f${"0".repeat(40)}`]: "", resourceId: "x" }, headers });
/** A session cookie of the right shape for A's admin, sealed with a secret that is not the app's. */
const forgedSession = async (c: Cast) =>
  `next-auth.session-token=${await encode({ token: { sub: c.members.admin.appUserId, uid: c.members.admin.appUserId, role: "Admin", clinicId: c.clinics.a.id }, secret: "not-the-app-secret" })}`;
const APP_ORIGIN = new URL(E2E_ENV.APP_URL).origin;
/** The embedded session route answers in its own shape (lib/embedded/session.ts), with the same words. */
const EMBED_SIGNED_OUT = () => ({ error: SIGNED_OUT.message, reconnect: SIGNED_OUT.reconnect });

/** Return addresses that are another site (or no place at all) once a browser parses them, as sent. */
const CALLBACK_BYPASSES = [
  "/%09/127.0.0.1:5999/stolen",
  "/%0a/127.0.0.1:5999/stolen",
  "/%0d/127.0.0.1:5999/stolen",
  "/%0d%0a/evil.example",
  "%2F%2Fevil.example",
  "/%5Cevil.example",
  "%5C%5Cevil.example",
  "/.//evil.example",
  "%09//evil.example",
  "///evil.example",
  "https:/evil.example",
  "https%3A%2F%2Fevil.example%2F",
  "http://127.0.0.1:5999@evil.example/",
  "javascript:alert(1)",
  "java%09script:alert(1)",
  "data:text/html,%3Cscript%3Ealert(1)%3C/script%3E",
  "file:///etc/passwd",
];
/** A signed-in browser sent to /signin with a return address lands on this site, never elsewhere. */
const staysOnSite = (callbackUrl: string): RouteRow => ({
  name: `return address ${callbackUrl}`,
  as: "staff",
  send: (api) => api.get(`/signin?callbackUrl=${callbackUrl}`, { maxRedirects: 0 }),
  status: 307,
  // The page's own payload repeats its URL (escaped, as data); what matters is where it sends the browser.
  check: (response) => expect(new URL(response.headers().location ?? "", APP_ORIGIN).origin).toBe(APP_ORIGIN),
});

/** A delivery for another clinic's event id, its data as given (an object, or JSON text as sent). */
const poison = (c: Cast, data: Record<string, unknown> | string) =>
  `{"event":{"id":"${c.other.eventId}","type":"patient.updated","clinic_id":"${c.clinics.a.id}","integration_id":null,"created_at":"2026-01-10T08:00:00.000Z","data":${typeof data === "string" ? data : JSON.stringify(data)}}}`;
/** A signature header of the right form, made with a secret that is not the app's. */
const forgedSignature = (body: string) => ({
  "Content-Type": "application/json",
  "Service-Signature": ((t: number) =>
    `t=${t},v1=${createHmac("sha256", "not-the-webhook-secret").update(signedPayload(t, body)).digest("hex")}`)(
    Math.floor(Date.now() / 1000),
  ),
});

const ROUTE_ROWS: Record<string, RouteRow[]> = {
  "POST a page (a server action's form, without JavaScript)": [
    {
      name: "from another site",
      as: "practitioner",
      send: noScriptForm("/resources", { Origin: "http://evil.example" }),
      status: 403,
      json: () => FOREIGN_FORM,
      noEcho: () => ["evil.example"],
    },
    {
      name: "from another site, naming it in X-Forwarded-Host (no proxy is trusted)",
      as: "practitioner",
      send: noScriptForm("/", { Origin: "http://evil.example", "X-Forwarded-Host": "evil.example" }),
      status: 403,
      json: () => FOREIGN_FORM,
    },
    {
      name: "from the opaque null origin",
      as: "anon",
      send: noScriptForm("/resources", { Origin: "null" }),
      status: 403,
      json: () => FOREIGN_FORM,
    },
  ],
  "GET /api/events/export": [
    { name: "signed out", as: "anon", send: get("/api/events/export"), status: 401, json: () => SIGNED_OUT },
    {
      name: "a session cookie of garbage",
      as: "anon",
      send: get("/api/events/export", "", { Cookie: FORGED }),
      status: 401,
      json: () => SIGNED_OUT,
    },
    {
      name: "category of the wrong kind",
      as: "staff",
      send: get("/api/events/export", "category=7"),
      status: 422,
      json: () => invalid("category"),
    },
    {
      name: "search of %, which no index serves",
      as: "staff",
      send: get("/api/events/export", "q=%25"),
      status: 422,
      json: () => searchRefused,
    },
    {
      name: "date with SQL",
      as: "staff",
      send: get("/api/events/export", `date=${encodeURIComponent("2026-01-10' OR '1'='1")}`),
      status: 422,
      json: () => invalid("date"),
    },
  ],
  "GET /api/events": [
    { name: "signed out", as: "anon", send: get("/api/events"), status: 401, json: () => SIGNED_OUT },
    {
      name: "a session cookie of garbage",
      as: "anon",
      send: get("/api/events", "", { Cookie: FORGED }),
      status: 401,
      json: () => SIGNED_OUT,
    },
    {
      name: "a session cookie copied before its sign-out",
      as: "anon",
      send: (api, c) => get("/api/events", "", { Cookie: c.endedSession })(api),
      status: 401,
      json: () => SIGNED_OUT,
    },
    {
      name: "category of the wrong kind",
      as: "staff",
      send: get("/api/events", "category=7"),
      status: 422,
      json: () => invalid("category"),
    },
    {
      name: "search of 201 characters",
      as: "staff",
      send: get("/api/events", `q=${"x".repeat(201)}`),
      status: 422,
      json: () => invalid("q"),
    },
    // Searches no trigram index serves would read all of a clinic's events: refused before they run.
    ...[
      ["%", "%25"],
      ["_%_", "_%25_"],
      ["a lone backslash", "%5C"],
      ["two letters", "ab"],
      ["letters apart", "a%20b%20c%2512"],
    ].map(([what, q]) => ({
      name: `search of ${what}, which no index serves`,
      as: "staff" as const,
      send: get("/api/events", `q=${q}`),
      status: 422,
      json: () => searchRefused,
    })),
    {
      name: "search with a NUL byte",
      as: "staff",
      send: get("/api/events", "q=a%00b"),
      status: 422,
      json: () => invalid("q"),
    },
    {
      name: "date with SQL",
      as: "staff",
      send: get("/api/events", `date=${encodeURIComponent("2026-01-10' OR '1'='1")}`),
      status: 422,
      json: () => invalid("date"),
    },
    {
      name: "date on the calendar's last day: answered at once, nothing there",
      as: "staff",
      send: get("/api/events", "date=9999-12-31"),
      status: 200,
      json: () => EMPTY_TIMELINE,
    },
    {
      name: "a range over the calendar's last year",
      as: "staff",
      send: get("/api/events", "date=9999-01-01..9999-12-31"),
      status: 200,
      json: () => EMPTY_TIMELINE,
    },
    {
      name: "date after the calendar's last day",
      as: "staff",
      send: get("/api/events", `date=${encodeURIComponent(">9999-12-31")}`),
      status: 422,
      json: () => invalid("date"),
    },
    {
      name: "date before the calendar's first day",
      as: "staff",
      send: get("/api/events", `date=${encodeURIComponent("<0001-01-01")}`),
      status: 422,
      json: () => invalid("date"),
    },
    {
      name: "date in year 0000",
      as: "staff",
      send: get("/api/events", "date=0000-01-01"),
      status: 422,
      json: () => invalid("date"),
    },
    {
      name: "date of a six-digit year",
      as: "staff",
      send: get("/api/events", `date=${encodeURIComponent("+010000-01-01")}`),
      status: 422,
      json: () => invalid("date"),
    },
    {
      name: "cursor past year 9999",
      as: "staff",
      send: get("/api/events", `cursor=${Buffer.from("+010000-01-01T00:00:00.000Z|x").toString("base64url")}`),
      status: 422,
      json: () => ({ ok: false, code: "invalid", message: INVALID, errors: { cursor: ["bad cursor"] } }),
    },
    {
      name: "cursor of garbage",
      as: "staff",
      send: get("/api/events", "cursor=!!!not%20base64!!!"),
      status: 422,
      json: () => ({ ok: false, code: "invalid", message: INVALID, errors: { cursor: ["bad cursor"] } }),
    },
    {
      name: "cursor a number",
      as: "staff",
      send: get("/api/events", "cursor=12345"),
      status: 422,
      json: () => ({ ok: false, code: "invalid", message: INVALID, errors: { cursor: ["bad cursor"] } }),
    },
    {
      name: "search for another clinic's patient",
      as: "staff",
      send: (api, c) => get("/api/events", `q=${c.other.patientName}`)(api),
      status: 200,
      json: () => EMPTY_TIMELINE,
    },
    {
      name: "search for another clinic's event id",
      as: "staff",
      send: (api, c) => get("/api/events", `q=${c.other.eventId}`)(api),
      status: 200,
      json: () => EMPTY_TIMELINE,
    },
    {
      name: "another clinic's id smuggled into the filters",
      as: "staff",
      send: (api, c) =>
        get("/api/events", `q=${c.other.patientName}&clinic_id=${c.clinics.b.id}&clinicId=${c.clinics.b.id}`)(api),
      status: 200,
      json: () => EMPTY_TIMELINE,
    },
    {
      name: "search with SQL",
      as: "staff",
      send: get("/api/events", `q=${encodeURIComponent("' OR 'abc'='abc' --")}`),
      status: 200,
      json: () => EMPTY_TIMELINE,
    },
    {
      name: "search with unicode, an RTL override and a lone surrogate's bytes",
      as: "staff",
      // With three letters in a row: a term of only these is refused before it runs (rows above).
      send: get("/api/events", `q=Ada${UNICODE_QUERY}`),
      status: 200,
      json: () => EMPTY_TIMELINE,
    },
    {
      name: "control: B's admin finds B's patient",
      as: "otherAdmin",
      send: (api, c) => get("/api/events", `q=${c.other.patientName}`)(api),
      status: 200,
      check: (_response, text, c) => expect(timelineIds(JSON.parse(text))).toEqual([c.other.eventId]),
    },
    {
      name: "a query of 20,000 characters",
      as: "staff",
      send: get("/api/events", `q=${"q".repeat(20_000)}`),
      status: 431,
    },
    { name: "POST", as: "staff", send: (api) => api.post("/api/events", { data: {} }), status: 405 },
  ],
  "GET /api/events/chart": [
    { name: "signed out", as: "anon", send: get("/api/events/chart"), status: 401, json: () => SIGNED_OUT },
    {
      name: "date that is not a day",
      as: "staff",
      send: get("/api/events/chart", "date=2026-02-30"),
      status: 422,
      json: () => invalid("date"),
    },
    {
      name: "date on the calendar's last day: one bar, at once",
      as: "staff",
      send: get("/api/events/chart", "date=9999-12-31"),
      status: 200,
      check: (_response, text) => expect((JSON.parse(text) as ChartAnswer).data.days).toEqual(["9999-12-31"]),
    },
    {
      name: "the whole calendar: a year of bars at most",
      as: "staff",
      send: get("/api/events/chart", "date=0001-01-01..9999-12-31"),
      status: 200,
      check: (_response, text) => expect((JSON.parse(text) as ChartAnswer).data.days).toHaveLength(366),
    },
    {
      name: "after the calendar's last day",
      as: "staff",
      send: get("/api/events/chart", `date=${encodeURIComponent(">9999-12-31")}`),
      status: 422,
      json: () => invalid("date"),
    },
    {
      name: "a category that does not exist",
      as: "staff",
      send: get("/api/events/chart", `category=${encodeURIComponent(HTML)}`),
      status: 422,
      json: () => invalid("category"),
      noEcho: () => [HTML],
    },
  ],
  "GET /api/events/[id]": [
    {
      name: "signed out, another clinic's event",
      as: "anon",
      send: (api, c) => api.get(`/api/events/${c.other.eventId}`),
      status: 401,
      json: () => SIGNED_OUT,
    },
    {
      name: "another clinic's event",
      as: "staff",
      send: (api, c) => api.get(`/api/events/${c.other.eventId}`),
      status: 404,
      json: () => missing("event"),
    },
    {
      name: "another clinic's event, as an admin",
      as: "admin",
      send: (api, c) => api.get(`/api/events/${c.other.eventId}`),
      status: 404,
      json: () => missing("event"),
    },
    {
      name: "an event that does not exist",
      as: "staff",
      send: (api) => api.get("/api/events/evt_does_not_exist"),
      status: 404,
      json: () => missing("event"),
    },
    {
      name: "an id of 201 characters",
      as: "staff",
      send: (api) => api.get(`/api/events/${"e".repeat(201)}`),
      status: 422,
      json: () => invalid("id"),
    },
    {
      name: "an id with SQL",
      as: "staff",
      send: (api) => api.get(`/api/events/${encodeURIComponent(SQL)}`),
      status: 404,
      json: () => missing("event"),
    },
    {
      name: "control: B's admin reads B's event",
      as: "otherAdmin",
      send: (api, c) => api.get(`/api/events/${c.other.eventId}`),
      status: 200,
      check: (_response, text, c) =>
        expect(JSON.parse(text)).toMatchObject({ ok: true, data: { id: c.other.eventId } }),
    },
  ],
  "GET /api/events/head": [
    { name: "signed out", as: "anon", send: get("/api/events/head"), status: 401, json: () => SIGNED_OUT },
    {
      name: "another clinic's id in the query is ignored",
      as: "staff",
      send: (api, c) => get("/api/events/head", `clinicId=${c.clinics.b.id}&clinic_id=${c.clinics.b.id}`)(api),
      status: 200,
      check: async (_response, text, c) => {
        const own = await (await c.api.staff.get("/api/events/head")).json();
        const other = await (await c.api.otherAdmin.get("/api/events/head")).json();
        expect(JSON.parse(text)).toEqual(own);
        expect(JSON.parse(text)).not.toEqual(other);
      },
    },
  ],
  "GET /api/reconciliation": [
    { name: "signed out", as: "anon", send: get("/api/reconciliation"), status: 401, json: () => SIGNED_OUT },
    { name: "a non-admin", as: "otherMember", send: get("/api/reconciliation"), status: 403, json: () => FORBIDDEN },
    {
      name: "a non-admin of the clinic",
      as: "member",
      send: get("/api/reconciliation"),
      status: 403,
      json: () => FORBIDDEN,
    },
    {
      name: "another clinic's ids in the query",
      as: "admin",
      send: (api, c) => get("/api/reconciliation", `clinicId=${c.clinics.b.id}&runId=${c.other.runId}`)(api),
      status: 200,
      check: (_response, text, c) =>
        expect((JSON.parse(text) as { data: { id?: string } | null }).data?.id).not.toBe(c.other.runId),
    },
  ],
  "GET /api/reconciliation/runs": [
    { name: "signed out", as: "anon", send: get("/api/reconciliation/runs"), status: 401, json: () => SIGNED_OUT },
    {
      name: "a non-admin of another clinic",
      as: "otherMember",
      send: get("/api/reconciliation/runs"),
      status: 403,
      json: () => FORBIDDEN,
    },
    {
      name: "a non-admin of the clinic",
      as: "member",
      send: get("/api/reconciliation/runs"),
      status: 403,
      json: () => FORBIDDEN,
    },
    {
      name: "another clinic's id in the query",
      as: "admin",
      send: (api, c) => get("/api/reconciliation/runs", `clinicId=${c.clinics.b.id}`)(api),
      status: 200,
      check: (_response, text, c) => expect(runIds(JSON.parse(text))).not.toContain(c.other.runId),
    },
    {
      name: "control: B's admin sees B's run",
      as: "otherAdmin",
      send: get("/api/reconciliation/runs"),
      status: 200,
      check: (_response, text, c) => expect(runIds(JSON.parse(text))).toContain(c.other.runId),
    },
  ],
  "POST /api/resources": [
    {
      name: "signed out",
      as: "anon",
      send: upload({ ...FIELDS, file: PDF }),
      status: 401,
      json: () => SIGNED_OUT,
    },
    {
      name: "a session cookie of garbage",
      as: "anon",
      send: upload({ ...FIELDS, file: PDF }, { Cookie: FORGED }),
      status: 401,
      json: () => SIGNED_OUT,
    },
    {
      name: "a session cookie copied before its sign-out",
      as: "anon",
      send: (api, c) => upload({ ...FIELDS, file: PDF }, { Cookie: c.endedSession })(api),
      status: 401,
      json: () => SIGNED_OUT,
    },
    {
      name: "from another site (Origin)",
      as: "practitioner",
      send: upload({ ...FIELDS, file: PDF }, { Origin: "http://evil.example" }),
      status: 403,
      json: () => ({ ...FORBIDDEN, message: "This upload did not come from this app." }),
      noEcho: () => ["evil.example"],
    },
    {
      name: "JSON instead of multipart",
      as: "practitioner",
      send: (api) => api.post("/api/resources", { data: { ...FIELDS, file: "data:application/pdf;base64,AAAA" } }),
      status: 400,
      json: () => refusedAs("invalid", "The upload could not be read. Choose the file again and retry."),
    },
    {
      name: "an empty multipart body",
      as: "practitioner",
      send: (api) =>
        api.post("/api/resources", { headers: { "Content-Type": "multipart/form-data; boundary=x" }, data: "" }),
      status: 400,
      json: () => refusedAs("invalid", "The upload could not be read. Choose the file again and retry."),
    },
    {
      // Also: answered with the same security headers as every page, though an upload skips proxy.ts.
      name: "no name",
      as: "practitioner",
      send: upload({ save_to_library: "true", file: PDF }),
      status: 422,
      json: () => invalid("name"),
      check: (response) =>
        expect([
          response.headers()["x-frame-options"],
          response.headers()["x-content-type-options"],
          response.headers()["content-security-policy"]?.includes("frame-ancestors 'none'"),
        ]).toEqual(["DENY", "nosniff", true]),
    },
    {
      name: "a name of 10,000 characters",
      as: "practitioner",
      send: upload({ ...FIELDS, name: "n".repeat(10_000), file: PDF }),
      status: 422,
      json: () => invalid("name"),
    },
    {
      name: "a name with a right-to-left override (Invoice fdp.exe reads as exe.pdf)",
      as: "practitioner",
      send: upload({ ...FIELDS, name: `${TAG} Invoice \u202efdp.exe`, file: PDF }),
      status: 422,
      json: () => ({ ok: false, code: "invalid", message: INVALID, errors: { name: [BIDI_NAME] } }),
    },
    {
      name: "a text field of 70,000 characters (past the form's 64 KB a field)",
      as: "practitioner",
      send: upload({ ...FIELDS, category: "c".repeat(70_000), file: PDF }),
      status: 400,
      json: () => refusedAs("invalid", "The upload could not be read. Choose the file again and retry."),
    },
    {
      name: "sixty form fields",
      as: "practitioner",
      send: upload({
        ...FIELDS,
        ...Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`extra${i}`, "x"])),
        file: PDF,
      }),
      status: 400,
      json: () => refusedAs("invalid", "The upload could not be read. Choose the file again and retry."),
    },
    {
      name: "a name with control characters",
      as: "practitioner",
      send: upload({ ...FIELDS, name: "evil\u0000name\u001b[31m", file: PDF }),
      status: 422,
      json: () => invalid("name"),
    },
    {
      name: "save_to_library yes",
      as: "practitioner",
      send: upload({ ...FIELDS, save_to_library: "yes", file: PDF }),
      status: 422,
      json: () => invalid("save_to_library"),
    },
    {
      name: "type HTML",
      as: "practitioner",
      send: upload({ ...FIELDS, type: HTML, file: PDF }),
      status: 422,
      json: () => invalid("type"),
      noEcho: () => [HTML],
    },
    {
      name: "category SQL",
      as: "practitioner",
      send: upload({ ...FIELDS, category: SQL, file: PDF }),
      status: 422,
      json: () => invalid("category"),
    },
    {
      name: "no file",
      as: "practitioner",
      send: upload(FIELDS),
      status: 422,
      json: () => refusedAs("invalid", "Choose a file to upload.", { file: ["Choose a file to upload."] }),
    },
    {
      name: "an executable named .pdf",
      as: "practitioner",
      send: upload({ ...FIELDS, file: EXE_AS_PDF }),
      status: 422,
      json: () =>
        refusedAs("invalid", `The file's content is not a real PDF (nor any allowed type), whatever its name says.`, {
          file: [`The file's content is not a real PDF (nor any allowed type), whatever its name says.`],
        }),
    },
    {
      name: "a file name with an RTL override hiding .exe",
      as: "practitioner",
      send: upload({ ...FIELDS, file: { ...PDF, name: `${TAG}\u202efdp.exe` } }),
      status: 422,
      json: () =>
        refusedAs("invalid", ".exe files are not accepted. Allowed types: JPG, JPEG, PNG, PDF, DOC, XLSX, PPTX.", {
          file: [".exe files are not accepted. Allowed types: JPG, JPEG, PNG, PDF, DOC, XLSX, PPTX."],
        }),
    },
    {
      name: "an empty file",
      as: "practitioner",
      send: upload({ ...FIELDS, file: { ...PDF, buffer: Buffer.alloc(0) } }),
      status: 422,
      json: () => refusedAs("invalid", "The file is empty.", { file: ["The file is empty."] }),
    },
    {
      name: "a body over the limit",
      as: "practitioner",
      send: upload({ ...FIELDS, file: { ...PDF, buffer: OVER_LIMIT } }),
      status: 413,
      // Larger than any route accepts: the app server refuses it before it is read.
      json: () => refusedAs("invalid", BODY_TOO_LARGE),
    },
    {
      name: "a path in the file name",
      as: "practitioner",
      send: upload({ ...FIELDS, file: { ...PDF, name: "../../../etc/passwd.pdf" } }),
      status: 422,
      json: () => refusedAs("invalid", UNSAFE_NAME, { file: [UNSAFE_NAME] }),
    },
    {
      name: "a PDF whose name an RTL override shows as .jpg",
      as: "practitioner",
      send: upload({ ...FIELDS, file: { ...PDF, name: `${TAG}\u202egpj.pdf` } }),
      status: 422,
      json: () => refusedAs("invalid", UNSAFE_NAME, { file: [UNSAFE_NAME] }),
    },
    {
      name: "another clinic's practitioner",
      as: "practitioner",
      send: (api, c) => upload({ ...FIELDS, practitioner_id: c.members.otherMember.platformUserId, file: PDF })(api),
      status: 404,
      json: () => ONLY_OWN,
    },
    {
      name: "staff, another clinic's practitioner",
      as: "staff",
      send: (api, c) => upload({ ...FIELDS, practitioner_id: c.members.otherMember.platformUserId, file: PDF })(api),
      status: 404,
      json: () => NOT_IN_CLINIC,
    },
    {
      name: "staff, no practitioner",
      as: "staff",
      send: upload({ ...FIELDS, file: PDF }),
      status: 422,
      json: () => PICK,
    },
    {
      name: "practitioner id with SQL",
      as: "staff",
      send: upload({ ...FIELDS, practitioner_id: SQL, file: PDF }),
      status: 404,
      json: () => NOT_IN_CLINIC,
    },
    { name: "GET", as: "practitioner", send: (api) => api.get("/api/resources"), status: 405 },
  ],
  "GET /api/patients/[id]": [
    { name: "signed out", as: "anon", send: get("/api/patients/pat_x"), status: 401, json: () => SIGNED_OUT },
    {
      name: "another clinic's patient: no name, as for one that does not exist",
      as: "practitioner",
      send: (api, c) => api.get(`/api/patients/${c.other.patientIds[0]}`),
      status: 200,
      json: (c) => ({ ok: true, data: { id: c.other.patientIds[0], name: null } }),
    },
    {
      name: "an id with SQL",
      as: "practitioner",
      send: get(`/api/patients/${encodeURIComponent(SQL)}`),
      status: 422,
      json: () => invalid("id"),
    },
  ],
  "DELETE /api/resources/[id]": [
    {
      name: "signed out",
      as: "anon",
      send: (api, c) => api.delete(`/api/resources/${c.own.resourceId}`),
      status: 401,
      json: () => SIGNED_OUT,
    },
    {
      name: "another clinic's resource",
      as: "practitioner",
      send: (api, c) => api.delete(`/api/resources/${c.other.resourceId}`),
      status: 404,
      json: () => PLATFORM_404,
    },
    {
      name: "staff, another clinic's resource and practitioner",
      as: "staff",
      send: (api, c) =>
        api.delete(`/api/resources/${c.other.resourceId}?practitioner=${c.members.otherMember.platformUserId}`),
      status: 404,
      json: () => NOT_IN_CLINIC,
    },
    {
      name: "an id with SQL",
      as: "practitioner",
      send: (api) => api.delete(`/api/resources/${encodeURIComponent(SQL)}`),
      status: 422,
      json: () => invalid("resourceId"),
    },
  ],
  "PUT /api/resources/[id]": [
    {
      name: "signed out",
      as: "anon",
      send: edit((c) => c.own.resourceId, FIELDS),
      status: 401,
      json: () => SIGNED_OUT,
    },
    {
      name: "another clinic's resource",
      as: "practitioner",
      send: edit((c) => c.other.resourceId, FIELDS),
      status: 404,
      json: () => PLATFORM_404,
    },
    {
      name: "another clinic's resource with a new file",
      as: "practitioner",
      send: edit((c) => c.other.resourceId, { ...FIELDS, file: PDF }),
      status: 404,
      json: () => PLATFORM_404,
    },
    {
      name: "staff, another clinic's resource and practitioner",
      as: "staff",
      send: (api, c) =>
        edit(() => c.other.resourceId, { ...FIELDS, practitioner_id: c.members.otherMember.platformUserId })(api, c),
      status: 404,
      json: () => NOT_IN_CLINIC,
    },
    {
      name: "an id with SQL",
      as: "practitioner",
      send: edit(() => SQL, FIELDS),
      status: 404,
      json: () => missing("resource"),
    },
    {
      name: "an id of 101 characters",
      as: "practitioner",
      send: edit(() => "r".repeat(101), FIELDS),
      status: 404,
      json: () => missing("resource"),
    },
    {
      name: "an id with unicode",
      as: "practitioner",
      send: edit(() => "ré😀\u202e", FIELDS),
      status: 404,
      json: () => missing("resource"),
    },
    {
      name: "empty name",
      as: "practitioner",
      send: edit((c) => c.own.resourceId, { ...FIELDS, name: "" }),
      status: 422,
      json: () => invalid("name"),
    },
    {
      name: "an executable as the new file",
      as: "practitioner",
      send: edit((c) => c.own.resourceId, { ...FIELDS, file: EXE_AS_PDF }),
      status: 422,
      json: () =>
        refusedAs("invalid", `The file's content is not a real PDF (nor any allowed type), whatever its name says.`, {
          file: [`The file's content is not a real PDF (nor any allowed type), whatever its name says.`],
        }),
    },
    {
      name: "from another site (Origin)",
      as: "practitioner",
      send: edit((c) => c.own.resourceId, FIELDS, { Origin: "http://evil.example" }),
      status: 403,
      json: () => ({ ...FORBIDDEN, message: "This upload did not come from this app." }),
    },
    {
      name: "a body over the limit",
      as: "practitioner",
      send: edit((c) => c.own.resourceId, { ...FIELDS, file: { ...PDF, buffer: OVER_LIMIT } }),
      status: 413,
      // Larger than any route accepts: the app server refuses it before it is read.
      json: () => refusedAs("invalid", BODY_TOO_LARGE),
    },
    {
      name: "JSON instead of multipart",
      as: "practitioner",
      send: (api, c) => api.put(`/api/resources/${c.own.resourceId}`, { data: FIELDS }),
      status: 400,
      json: () => refusedAs("invalid", "The upload could not be read. Choose the file again and retry."),
    },
  ],
  "POST /embedded/session": [
    {
      name: "signed out",
      as: "anon",
      send: (api) => api.post("/embedded/session"),
      status: 401,
      json: EMBED_SIGNED_OUT,
    },
    {
      name: "a session cookie of garbage",
      as: "anon",
      send: (api) => api.post("/embedded/session", { headers: { Cookie: FORGED } }),
      status: 401,
      json: EMBED_SIGNED_OUT,
    },
    {
      name: "a forged session for the admin",
      as: "anon",
      send: async (api, c) => api.post("/embedded/session", { headers: { Cookie: await forgedSession(c) } }),
      status: 401,
      json: EMBED_SIGNED_OUT,
    },
    {
      name: "a session cookie copied before its sign-out",
      as: "anon",
      send: (api, c) => api.post("/embedded/session", { headers: { Cookie: c.endedSession } }),
      status: 401,
      json: EMBED_SIGNED_OUT,
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
    {
      name: "signed out",
      as: "anon",
      send: (api) => api.get("/admin/api/status"),
      status: 401,
      json: () => SIGNED_OUT,
    },
    {
      name: "a session cookie of garbage",
      as: "anon",
      send: (api) => api.get("/admin/api/status", { headers: { Cookie: FORGED } }),
      status: 401,
      json: () => SIGNED_OUT,
    },
    {
      name: "a forged admin session (wrong secret)",
      as: "anon",
      send: async (api, c) => api.get("/admin/api/status", { headers: { Cookie: await forgedSession(c) } }),
      status: 401,
      json: () => SIGNED_OUT,
    },
    {
      name: "a session cookie copied before its sign-out (401, not a live non-admin's 403)",
      as: "anon",
      send: (api, c) => api.get("/admin/api/status", { headers: { Cookie: c.endedSession } }),
      status: 401,
      json: () => SIGNED_OUT,
    },
    {
      name: "a non-admin of another clinic",
      as: "otherMember",
      send: (api) => api.get("/admin/api/status"),
      status: 403,
      json: () => FORBIDDEN,
    },
    {
      name: "a non-admin of the clinic",
      as: "member",
      send: (api) => api.get("/admin/api/status"),
      status: 403,
      json: () => FORBIDDEN,
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
    {
      name: "signed out",
      as: "anon",
      send: (api) => api.get("/admin/api/alerts"),
      status: 401,
      json: () => SIGNED_OUT,
    },
    {
      name: "a non-admin of the clinic",
      as: "member",
      send: (api) => api.get("/admin/api/alerts"),
      status: 403,
      json: () => FORBIDDEN,
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
    {
      name: "signed out",
      as: "anon",
      send: (api) => api.get("/admin/audit/export"),
      status: 401,
      json: () => SIGNED_OUT,
    },
    {
      name: "a non-admin of another clinic",
      as: "otherMember",
      send: (api) => api.get("/admin/audit/export"),
      status: 403,
      json: () => FORBIDDEN,
    },
    {
      name: "a person that is SQL and a date that does not exist",
      as: "admin",
      send: (api) => api.get(`/admin/audit/export?person=${encodeURIComponent(SQL)}&from=2026-02-30`),
      status: 422,
      json: () => ({
        ok: false,
        code: "invalid",
        message: INVALID,
        errors: { person: ["Choose a person from the list."], from: ["That is not a valid date."] },
      }),
      noEcho: () => [SQL],
    },
    {
      name: "to the calendar's last day",
      as: "admin",
      send: (api) => api.get("/admin/audit/export?from=9999-12-31&to=9999-12-31"),
      status: 200,
      check: (_response, text) => expect(text.trim().split("\n")).toHaveLength(1),
    },
    {
      name: "from year 0000",
      as: "admin",
      send: (api) => api.get("/admin/audit/export?from=0000-01-01"),
      status: 422,
      json: () => ({ ok: false, code: "invalid", message: INVALID, errors: { from: ["That is not a valid date."] } }),
    },
    {
      name: "another clinic's person: nothing of theirs",
      as: "admin",
      send: (api, c) => api.get(`/admin/audit/export?person=${c.members.otherAdmin.appUserId}`),
      status: 200,
      check: (_response, text) => expect(text.trim().split("\n")).toHaveLength(1),
    },
  ],
  "GET /signin": CALLBACK_BYPASSES.map(staysOnSite),
  "POST /api/webhooks/clinic": [
    {
      name: "unsigned, data with a NUL character",
      as: "anon",
      send: (api, c) => api.post("/api/webhooks/clinic", { data: poison(c, { note: "a\u0000b" }) }),
      status: 400,
      json: () => ({ error: "invalid request" }),
    },
    {
      name: "signed with another secret, data nested 5,000 deep",
      as: "anon",
      send: (api, c) => {
        const body = poison(c, `${'{"d":'.repeat(5000)}1${"}".repeat(5000)}`);
        return api.post("/api/webhooks/clinic", { data: body, headers: forgedSignature(body) });
      },
      status: 401,
      json: () => ({ error: "invalid request" }),
    },
    {
      name: "signed with another secret, a __proto__ key",
      as: "anon",
      send: (api, c) => {
        const body = poison(c, '{"__proto__":{"isAdmin":true}}');
        return api.post("/api/webhooks/clinic", { data: body, headers: forgedSignature(body) });
      },
      status: 401,
      json: () => ({ error: "invalid request" }),
    },
    {
      name: "signed with another secret, over the size limit",
      as: "anon",
      send: (api, c) => {
        const body = poison(c, { note: "x".repeat(4 * 1024 * 1024) });
        return api.post("/api/webhooks/clinic", { data: body, headers: forgedSignature(body) });
      },
      status: 413,
      json: () => ({ error: "payload too large" }),
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
    // A denial at the platform is told apart from other failed callbacks (lib/auth/front-door.ts).
    error: "AccessDenied",
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
  // The page arrives with the library's first page; a search asks the list action for the next one.
  await page.goto("/resources");
  const answered = captureAction(page, id);
  await page.getByRole("searchbox", { name: "Search by name" }).fill("a");
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
  expect(browserAnswer.answer).toEqual({ kind: "result", value: keyInvalid(KEY_MESSAGES.short) });
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
  if ("next" in expected) {
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
      headers: {
        ...row.headers,
        ...(row.actionId ? { "Next-Action": row.actionId } : {}),
        ...(row.cookie ? { Cookie: row.cookie(cast) } : {}),
      },
    });
    const { answer, text } = await decodeAnswer(response);
    expectAnswer(answer, row.answer, response.status());
    if ("value" in row.answer) expect((answer as { value: unknown }).value).toEqual(row.answer.value(cast));
    if ("holds" in row.answer) await row.answer.holds((answer as { value: unknown }).value, cast);
    expectNoLeak(text, cast, row.noEcho?.(cast) ?? []);
    expect(await fingerprint(cast)).toEqual(before);
  });
}

// Every server action of the build (not only those with rows above) is made by the builder: signed
// out, each answers the one signed-out answer, whatever arguments it was given; and each refuses a
// caller outside its declared roles with the one forbidden answer.
test("every server action answers the signed-out caller alike", async () => {
  const actions = allActions();
  expect(actions.length).toBeGreaterThanOrEqual(15);
  for (const ref of actions) {
    for (const args of [[], [{}], [IDLE, keyForm("x")]]) {
      const { answer, text } = await decodeAnswer(await postAction(cast.api.anon, ref, args));
      expect(answer, `${ref} ${text.slice(0, 300)}`).toEqual({ kind: "result", value: SIGNED_OUT });
    }
  }
});

test("every admin-only server action answers a non-admin alike", async () => {
  const adminOnly = allActions().filter((ref) => /^app\/(admin\/|events\/reconciliation)/.test(ref));
  expect(adminOnly.length).toBeGreaterThanOrEqual(8);
  for (const ref of adminOnly) {
    const { answer, text } = await decodeAnswer(await postAction(cast.api.member, ref, []));
    expect(answer, `${ref} ${text.slice(0, 300)}`).toEqual({ kind: "result", value: FORBIDDEN });
  }
});

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

test("POST /embedded/session — a patient that is no id and an unknown feature are ignored: a builder on nobody", async () => {
  const response = await cast.api.practitioner.post(
    `/embedded/session?${new URLSearchParams({ patient: "<script>alert(1)</script>", feature: "../admin", entrypoint: "x" })}`,
  );
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { patient: unknown; grant_id: string };
  expect(body.patient).toBeNull();
  expect(JSON.stringify(body)).not.toContain("script");
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
      expect(text).toMatch(
        htmlText(
          en.signin.errors[
            (signInMessage({ error: row.error })?.key.split(".")[2] ?? "Default") as keyof typeof en.signin.errors
          ],
        ),
      );
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

test("GET /api/auth/session — a cookie copied before its sign-out is no session, and is not renewed", async () => {
  const before = await fingerprint(cast);
  const api = await playwrightRequest.newContext({ baseURL: E2E_ENV.APP_URL });
  const response = await api.get("/api/auth/session", { headers: { Cookie: cast.endedSession } });
  expect(await response.json()).toEqual({});
  expect(response.headers()["set-cookie"] ?? "").not.toMatch(/next-auth\.session-token=ey/);
  await api.dispose();
  expect(await fingerprint(cast)).toEqual(before);
});

// A body in chunks declares no length, so the size check above cannot see it coming: refused at
// once (411) instead of read into memory up to 50 MB and then failing with an opaque 500.
test("a server action whose 50 MB body comes in chunks, without a length — refused (411), nothing changed", async () => {
  const before = await fingerprint(cast);
  const { id, page } = actionTarget(RES.list);
  const cookie = (await cast.api.practitioner.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const chunk = Buffer.alloc(1024 * 1024, "x");
  const { status, text, sent } = await new Promise<{ status: number; text: string; sent: number }>(
    (resolve, reject) => {
      let sent = 0;
      const request = http.request(`${E2E_ENV.APP_URL}${page}`, {
        method: "POST",
        headers: { ...ACTION_HEADERS, "Next-Action": id, Cookie: cookie, "Content-Type": "text/plain;charset=UTF-8" },
      });
      request.on("response", (response) => {
        const parts: Buffer[] = [];
        response.on("data", (part: Buffer) => parts.push(part));
        response.on("end", () => {
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(parts).toString("utf8"), sent });
          request.destroy(); // the rest of the body is not needed
        });
      });
      request.on("error", (error) => (sent < 50 ? reject(error) : undefined));
      // A chunk at a time, with a pause after each is sent: the answer is read as soon as it comes.
      // Written flat out, a busy test process could miss it until the server's lingering close
      // ends (16 MB later), and the next write would fail with EPIPE.
      const pump = () => {
        if (request.destroyed) return;
        if (sent === 50) return void request.end();
        sent += 1;
        request.write(chunk, () => setTimeout(pump, 5));
      };
      pump();
    },
  );
  expect(status).toBe(411);
  expect(JSON.parse(text)).toEqual({ error: "This request must state its length." });
  expect(sent, "answered before the whole body was sent").toBeLessThan(50);
  expect(await fingerprint(cast)).toEqual(before);
});

// One person's share of the app server (lib/server/request-share.ts): bodies and requests beyond it
// are refused before Next.js reads or renders them, in words that say to wait.
const WAIT_FOR_UPLOADS =
  /^You are already sending \d+ MB of files; wait until they have finished uploading, then send this one again\.$/;
const WAIT_FOR_REQUESTS = [
  /^You have \d+ requests under way already; wait for them to finish, then try again\.$/,
  /^You already have \d+ search(es)? running; wait for (it|them) to finish, then try again\.$/,
];

test("POST /api/resources — thirty 10 MB uploads at once by one practitioner: those over their share told to wait (429), nothing changed", async () => {
  const before = await fingerprint(cast);
  // Bad content, so the uploads let in are refused by the route after reading them: nothing is stored.
  const big = { ...EXE_AS_PDF, buffer: Buffer.concat([FILES.exe, Buffer.alloc(10 * 1000 * 1000)]) };
  const answers = await Promise.all(
    Array.from({ length: 30 }, async () => {
      const response = await upload({ ...FIELDS, file: big })(cast.api.practitioner);
      return { status: response.status(), retryAfter: response.headers()["retry-after"], text: await response.text() };
    }),
  );
  const told = answers.filter((a) => a.status === 429);
  expect(told.length, JSON.stringify(answers.map((a) => a.status))).toBeGreaterThan(0);
  for (const a of told) {
    expect(a.retryAfter).toBe("10");
    const body = JSON.parse(a.text) as { ok: boolean; code: string; message: string; errors: object };
    expect(body).toEqual({ ok: false, code: "busy", message: expect.stringMatching(WAIT_FOR_UPLOADS), errors: {} });
  }
  // The rest were read and refused for their content, each as a person would be told.
  for (const a of answers.filter((x) => x.status !== 429)) expect(a.status, a.text).toBe(422);
  expectNoLeak(answers.map((a) => a.text).join("\n"), cast, []);
  expect(await fingerprint(cast)).toEqual(before);
});

test("GET /api/events — sixty searches at once by one practitioner: each answered, those over their share told to wait (429)", async () => {
  const answers = await Promise.all(
    Array.from({ length: 60 }, async (_, i) => {
      const response = await cast.api.practitioner.get(`/api/events?q=${encodeURIComponent(`${TAG}zz${i}`)}`);
      return { status: response.status(), text: await response.text() };
    }),
  );
  const told = answers.filter((a) => a.status === 429);
  expect(told.length, JSON.stringify(answers.map((a) => a.status))).toBeGreaterThan(0);
  for (const a of told) {
    const { message } = JSON.parse(a.text) as { message: string };
    expect(
      WAIT_FOR_REQUESTS.some((sentence) => sentence.test(message)),
      message,
    ).toBe(true);
  }
  for (const a of answers.filter((x) => x.status !== 429)) expect(a.status, a.text.slice(0, 200)).toBe(200);
});

/**
 * Sends `head` (a request line and headers), then a byte every `dripMs` until the answer comes;
 * resolves with the answer's status, its body, and how long until its first bytes came.
 */
function trickle(head: string, dripMs: number): Promise<{ status: number; body: string; ms: number }> {
  const { hostname, port } = new URL(E2E_ENV.APP_URL);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(Number(port), hostname === "localhost" ? "127.0.0.1" : hostname);
    const drip = setInterval(() => socket.write("x"), dripMs);
    let answer = "";
    let answeredAt = 0;
    socket.on("connect", () => socket.write(`${head}\r\nHost: ${hostname}:${port}\r\n\r\n--x`));
    socket.on("data", (chunk: Buffer) => {
      answeredAt ||= Date.now();
      answer += chunk.toString("utf8");
    });
    socket.on("error", reject);
    socket.on("close", () => {
      clearInterval(drip);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      const body = answer.slice(answer.indexOf("\r\n\r\n") + 4);
      resolve({ status, body, ms: (answeredAt || Date.now()) - started });
    });
  });
}

// The app server's body bounds (lib/fairness/request-share.ts): a body larger than any route accepts
// is refused before any budget counts it, whoever sends it; a body with no session counts only
// against a small pool of its own; and a body that trickles is cut for its pace.
test("POST /api/resources — a declared 2 GB body, with a session or none: refused at once (413), nothing changed", async () => {
  const before = await fingerprint(cast);
  const cookie = (await cast.api.practitioner.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  for (const who of [`Cookie: ${cookie}\r\n`, ""]) {
    const answer = await trickle(
      `POST /api/resources HTTP/1.1\r\n${who}Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 2000000000`,
      1000,
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual(refusedAs("invalid", BODY_TOO_LARGE));
  }
  expect(await fingerprint(cast)).toEqual(before);
});

test("POST /api/resources — an upload with no session: refused at once (401) before it is read, nothing changed", async () => {
  const before = await fingerprint(cast);
  const answer = await trickle(
    "POST /api/resources HTTP/1.1\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 5000000",
    1000,
  );
  expect(answer.status).toBe(401);
  expect(JSON.parse(answer.body)).toEqual(refusedAs("sign-in", "You are signed out. Sign in again to continue."));
  expect(await fingerprint(cast)).toEqual(before);
});

test("POST /api/resources — a practitioner's upload trickling a byte every 2 s: cut (408) within seconds, nothing changed", async () => {
  const before = await fingerprint(cast);
  const cookie = (await cast.api.practitioner.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const answer = await trickle(
    `POST /api/resources HTTP/1.1\r\nCookie: ${cookie}\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 5000000`,
    2000,
  );
  expect(answer.status).toBe(408);
  // Cut for its pace, well before the request timeout (120 s) would have ended it.
  expect(answer.ms).toBeLessThan(60_000);
  expect(await fingerprint(cast)).toEqual(before);
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
      { resourceId: cast.own.resourceId, ...VALID_EDIT, name: `${TAG} control edit` },
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
