// What every server action and JSON route of the app answers, and the one answer each kind of
// refusal gets. Plain words a person can act on, field errors a form shows beside its inputs, the
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

export interface ActionFailure {
  ok: false;
  code: FailureCode;
  message: string;
  /** Messages per form field; `_` holds those that name no field. */
  errors: Record<string, string[]>;
  /** The platform's X-Request-Id, for the person to quote to support. */
  requestId?: string;
  /** Where to sign in again, when only that helps. */
  reconnect?: string;
}

export type ActionSuccess<T> = { ok: true; data: T; message?: string };
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

export function succeeded<T>(data: T, message?: string): ActionSuccess<T> {
  return message === undefined ? { ok: true, data } : { ok: true, data, message };
}

/** Success with nothing to return but a sentence (the admin console's buttons). */
export function done(message: string): ActionSuccess<null> {
  return { ok: true, data: null, message };
}

export function failure(
  code: FailureCode,
  message: string,
  extra: Partial<Pick<ActionFailure, "errors" | "requestId" | "reconnect">> = {},
): ActionFailure {
  return { ok: false, code, message, errors: {}, ...extra };
}

/** A product rule said no (the message says what to do instead). */
export const refused = (message: string, errors: Record<string, string[]> = {}) =>
  failure("refused", message, { errors });

/** A thing the caller named is not in their clinic (or does not exist: the two answer alike). */
export const notFound = (thing: string) => failure("not-found", `No such ${thing} in your clinic.`);

export const SIGNED_OUT = failure("sign-in", "You are signed out. Sign in again to continue.", {
  reconnect: "/signin",
});

export const FORBIDDEN = failure(
  "forbidden",
  "Your role does not allow this. Ask an admin of your clinic if you need it.",
);

export const INVALID_MESSAGE = "Please correct the highlighted fields.";

export const invalid = (errors: Record<string, string[]>) => failure("invalid", INVALID_MESSAGE, { errors });

export { fieldErrors } from "@/lib/contract/field-errors";

/** The state of a form before its first submission (useActionState's initial value). */
export const IDLE: ActionResult = { ok: true, data: null };
