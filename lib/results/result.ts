// What every server action and JSON route of the app answers, and the one answer each kind of
// refusal gets. Plain words a person can act on (written here as keys of the message catalogs,
// messages/*.json, with their values; the builder says them in the caller's language), field errors a form shows beside its inputs, the
// platform's request id to quote to support, and where to sign in again. Never an exception's text,
// never a secret. Not server-only: forms and hooks read these types and constants in the browser.

/** Why an action did not do its work; each kind has one HTTP status for the JSON routes. */
export type FailureCode =
  | "sign-in" // nobody is signed in, or the platform connection needs a new sign-in
  | "forbidden" // the caller's role does not allow it (or the platform refused access)
  | "invalid" // the input did not pass its schema: see `errors`
  | "not-found" // no such thing in the caller's clinic (another clinic's answers alike)
  | "refused" // a rule of the product said no: the message says which and what to do
  | "busy" // the platform asked us to slow down
  | "unavailable" // the platform did not answer
  | "unexpected" // the platform answered something we could not use
  | "error"; // our own bug: logged, and said without details

/** The values a message's placeholders take. */
export type MessageValues = Record<string, string | number>;

export interface ActionFailure {
  ok: false;
  code: FailureCode;
  /** A catalog key until the builder settles it, then the sentence in the caller's language. */
  message: string;
  /** The message's values; gone once settled. */
  values?: MessageValues;
  /** Messages per form field; `_` holds those that name no field. */
  errors: Record<string, string[]>;
  /** The platform's X-Request-Id, for the person to quote to support. */
  requestId?: string;
  /** Where to sign in again, when only that helps. */
  reconnect?: string;
}

export type ActionSuccess<T> = { ok: true; data: T; message?: string; values?: MessageValues };
export type ActionResult<T = null> = ActionSuccess<T> | ActionFailure;

export const HTTP_STATUS: Record<FailureCode, number> = {
  "sign-in": 401,
  forbidden: 403,
  invalid: 422,
  "not-found": 404,
  refused: 409,
  busy: 429,
  unavailable: 503,
  unexpected: 502,
  error: 500,
};

export function succeeded<T>(data: T, message?: string, values?: MessageValues): ActionSuccess<T> {
  if (message === undefined) return { ok: true, data };
  return values ? { ok: true, data, message, values } : { ok: true, data, message };
}

/** Success with nothing to return but a sentence (the admin console's buttons). */
export function done(message: string, values?: MessageValues): ActionSuccess<null> {
  return values ? { ok: true, data: null, message, values } : { ok: true, data: null, message };
}

export function failure(
  code: FailureCode,
  message: string,
  extra: Partial<Pick<ActionFailure, "errors" | "requestId" | "reconnect" | "values">> = {},
): ActionFailure {
  return { ok: false, code, message, errors: {}, ...extra };
}

/** A product rule said no (the message says what to do instead). */
export const refused = (message: string, errors: Record<string, string[]> = {}, values?: MessageValues) =>
  failure("refused", message, values ? { errors, values } : { errors });

/** A thing the caller named is not in their clinic (or does not exist: the two answer alike). */
export const notFound = (thing: NotFoundThing) => failure("not-found", "actions.notFound", { values: { thing } });

/** What `notFound` may name (the catalog's `actions.notFound` has a phrase for each). */
export type NotFoundThing = "resource" | "event" | "user" | "connection" | "alert" | "practitioner" | "other";

export const SIGNED_OUT = failure("sign-in", "actions.signedOut", { reconnect: "/signin" });

export const FORBIDDEN = failure("forbidden", "actions.forbidden");

export const INVALID_MESSAGE = "actions.invalid";

export const invalid = (errors: Record<string, string[]>) => failure("invalid", INVALID_MESSAGE, { errors });

export { fieldErrors } from "@/lib/contract/field-errors";

/** The state of a form before its first submission (useActionState's initial value). */
export const IDLE: ActionResult = { ok: true, data: null };
