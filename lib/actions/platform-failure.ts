// A failed platform call (or our own bug) as the answer a person sees: plain words, the platform's
// request id to quote to support, field errors where the platform named fields, and where to sign
// in again when the connection is gone. The one place these sentences are written.
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
import { failure, type ActionFailure } from "@/lib/actions/result";
import { ActionError } from "@/lib/actions/action-error";
import { QuotaExceededError } from "@/lib/quota/platform-quota";

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
  clinic_key_revoked:
    "The platform refused the clinic key: the clinic revoked it. Enter the clinic's new key on the Clinic key tab, or remove the key.",
  clinic_key_invalid:
    "The platform does not accept the stored clinic key for this clinic. Check the key in the platform's dashboard and enter it again.",
};

const sentence = (message: string) => message.replace(/\.?$/, ".");

export interface FailureWording {
  /** What a platform 404 was about, e.g. "this resource or practitioner". */
  notFound?: string;
}

export function failureOf(error: unknown, wording: FailureWording = {}): ActionFailure {
  if (error instanceof ActionError) return error.failure;
  const requestId = error instanceof ClinicApiError ? error.requestId : undefined;
  const withId = (f: ActionFailure): ActionFailure => (requestId ? { ...f, requestId } : f);
  if (error instanceof ReconnectRequiredError)
    return failure("sign-in", error.message, { reconnect: reconnectPath(error.reason) });
  if (error instanceof UnauthorizedError) {
    return withId(
      failure("sign-in", "The platform no longer accepts this connection. Sign in with the platform again.", {
        reconnect: reconnectPath("broken"),
      }),
    );
  }
  if (error instanceof ValidationError) {
    return withId(
      failure("invalid", `The platform refused this: ${sentence(error.message)}`, {
        errors: formErrors(error.fieldErrors),
      }),
    );
  }
  if (error instanceof NotFoundError) {
    const what = wording.notFound ?? "what you asked for";
    return withId(
      failure("not-found", `The platform does not know ${what} (it may have been deleted, or it is not yours).`),
    );
  }
  if (error instanceof ForbiddenError) {
    const why = error.code ? CLINIC_KEY_REFUSALS[error.code] : undefined;
    return withId(failure("forbidden", why ?? `The platform refused this: ${sentence(error.message)}`));
  }
  if (error instanceof QuotaExceededError) return failure("busy", quotaMessage(error));
  if (error instanceof RateLimitedError) {
    const wait = error.retryAfterMs ? `in ${Math.ceil(error.retryAfterMs / 1000)} seconds` : "in a moment";
    return withId(failure("busy", `The platform is busy. Try again ${wait}.`));
  }
  if (error instanceof PlatformUnavailableError)
    return withId(failure("unavailable", "The platform is not reachable right now. Try again in a moment."));
  if (error instanceof ClinicApiError) {
    return withId(
      failure(
        "unexpected",
        "The platform gave an answer we did not understand. Try again, and quote the request id if it keeps happening.",
      ),
    );
  }
  // Our own bug: said without details (the caller logs the error's class, never its message).
  return failure("error", "Something went wrong on our side. Try again in a moment.");
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
function quotaMessage(error: QuotaExceededError): string {
  const wait = `Try again in ${Math.max(1, Math.ceil(error.retryAfterMs / 1000))} seconds.`;
  if (error.level === "user")
    return `You have sent many requests to the platform in a short time and used your share for now. ${wait} The rest of your clinic can go on working.`;
  if (error.level === "clinic") return `Your clinic has used its share of the platform's requests for now. ${wait}`;
  return `The platform is busy. ${wait}`;
}
