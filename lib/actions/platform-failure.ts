// A failed platform call (or our own bug) as the answer a person sees: plain words, the platform's
// request id to quote to support, field errors where the platform named fields, and where to sign
// in again when the connection is gone. The one place these sentences are chosen (their words are
// the catalogs' `actions.*`; the platform's own words are passed on as they are).
import "server-only";
import { ReconnectRequiredError, reconnectPath } from "@/lib/auth/errors";
import {
  ClinicApiError,
  ForbiddenError,
  NotFoundError,
  PlatformUnavailableError,
  RateLimitedError,
  UnauthorizedError,
  ValidationError,
} from "@/lib/clinic-api/errors";
import { failure, type ActionFailure } from "@/lib/results/result";
import { ActionError } from "@/lib/results/action-error";
import { QuotaExceededError } from "@/lib/limits/platform-quota";
import { isStatementTimeout, TOO_BROAD } from "@/lib/limits/statement-timeout";

/** Platform body fields → the form field that shows the message (a resource's file travels as `file`). */
const FORM_FIELD: Record<string, string> = { attachment: "file", attachment_filename: "file", body: "_" };

function formErrors(fieldErrors: Record<string, string[]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(fieldErrors))
    (out[FORM_FIELD[field] ?? field] ??= []).push(...messages);
  return out;
}

/** What the platform's refusals of a clinic key mean for the admin who entered it. */
const CLINIC_KEY_REFUSALS: Record<string, string> = {
  clinic_key_revoked: "actions.clinicKeyRevoked",
  clinic_key_invalid: "actions.clinicKeyInvalid",
};

const sentence = (message: string) => message.replace(/\.?$/, ".");

export interface FailureWording {
  /** What a platform 404 was about (a phrase of the catalogs' `actions.platformNotFound`). */
  notFound?: "resourceOrPractitioner" | "resource" | "patient" | "other";
}

export function failureOf(error: unknown, wording: FailureWording = {}): ActionFailure {
  if (error instanceof ActionError) return error.failure;
  const requestId = error instanceof ClinicApiError ? error.requestId : undefined;
  const withId = (f: ActionFailure): ActionFailure => (requestId ? { ...f, requestId } : f);
  if (error instanceof ReconnectRequiredError)
    return failure("sign-in", "actions.reconnect", {
      values: { reason: error.reason },
      reconnect: reconnectPath(error.reason),
    });
  if (error instanceof UnauthorizedError) {
    return withId(
      failure("sign-in", "actions.connectionRefused", {
        reconnect: reconnectPath("broken"),
      }),
    );
  }
  if (error instanceof ValidationError) {
    return withId(
      failure("invalid", "actions.platformRefused", {
        values: { reason: sentence(error.message) },
        errors: formErrors(error.fieldErrors),
      }),
    );
  }
  if (error instanceof NotFoundError) {
    return withId(failure("not-found", "actions.platformNotFound", { values: { what: wording.notFound ?? "other" } }));
  }
  if (error instanceof ForbiddenError) {
    const why = error.code ? CLINIC_KEY_REFUSALS[error.code] : undefined;
    if (why) return withId(failure("forbidden", why));
    return withId(failure("forbidden", "actions.platformRefused", { values: { reason: sentence(error.message) } }));
  }
  if (error instanceof QuotaExceededError) return quotaMessage(error);
  if (error instanceof RateLimitedError) {
    const seconds = error.retryAfterMs ? Math.ceil(error.retryAfterMs / 1000) : 0;
    return withId(failure("busy", "actions.platformBusy", { values: { seconds } }));
  }
  if (error instanceof PlatformUnavailableError) return withId(failure("unavailable", "actions.platformUnavailable"));
  if (error instanceof ClinicApiError) {
    return withId(failure("unexpected", "actions.platformUnexpected"));
  }
  // A person's statement ran past its time bound (lib/db/pool.ts): they can narrow what they asked.
  if (isStatementTimeout(error)) return TOO_BROAD;
  // Our own bug: said without details (the caller logs the error's class, never its message).
  return failure("error", "actions.ourError");
}

/**
 * For logs: what kind of error and the platform's request id, never its message (it may quote
 * input). A platform error says its kind ("platform_unavailable"…): class names do not survive the
 * production build's minifier.
 */
export function describeForLog(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  if (error instanceof ClinicApiError)
    return `platform ${error.kind}${error.status ? ` HTTP ${error.status}` : ""}${error.requestId ? ` (request ${error.requestId})` : ""}`;
  return error.name;
}

/** Whose share of the platform's requests ran out, and when to try again. */
function quotaMessage(error: QuotaExceededError): ActionFailure {
  const seconds = Math.max(1, Math.ceil(error.retryAfterMs / 1000));
  const level = error.level === "user" || error.level === "clinic" ? error.level : "other";
  return failure("busy", "actions.quota", { values: { level, seconds } });
}
