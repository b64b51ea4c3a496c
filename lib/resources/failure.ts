// Platform failures in plain words, with the request id (server side, where the typed errors are).
// The HTTP status is for the upload route; actions return the same Failure without it.
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
import type { Failure } from "@/lib/resources/result";

/** Platform body fields → the form field that shows the message (the file travels as `file`). */
const FORM_FIELD: Record<string, string> = { attachment: "file", attachment_filename: "file", body: "_" };

function formErrors(fieldErrors: Record<string, string[]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(fieldErrors))
    (out[FORM_FIELD[field] ?? field] ??= []).push(...messages);
  return out;
}

export function platformFailure(error: unknown): { status: number; failure: Failure } {
  const requestId = error instanceof ClinicApiError ? error.requestId : undefined;
  const f = (status: number, message: string, extra: Partial<Failure> = {}) => ({
    status,
    failure: { message, requestId, errors: {}, ...extra },
  });
  if (error instanceof ReconnectRequiredError) return f(401, error.message, { reconnect: reconnectPath(error.reason) });
  if (error instanceof UnauthorizedError) {
    return f(401, "The platform no longer accepts this connection. Sign in with the platform again.", {
      reconnect: reconnectPath("broken"),
    });
  }
  if (error instanceof ValidationError) {
    return f(422, `The platform refused this: ${error.message.replace(/\.?$/, ".")}`, {
      errors: formErrors(error.fieldErrors),
    });
  }
  if (error instanceof NotFoundError)
    return f(
      404,
      "The platform does not know this resource or practitioner (it may have been deleted, or it is not yours).",
    );
  if (error instanceof ForbiddenError)
    return f(403, `The platform refused this: ${error.message.replace(/\.?$/, ".")}`);
  if (error instanceof RateLimitedError) {
    const wait = error.retryAfterMs ? `in ${Math.ceil(error.retryAfterMs / 1000)} seconds` : "in a moment";
    return f(429, `The platform is busy. Try again ${wait}.`);
  }
  if (error instanceof PlatformUnavailableError)
    return f(503, "The platform is not reachable right now. Try again in a moment.");
  if (error instanceof ClinicApiError)
    return f(
      502,
      "The platform gave an answer we did not understand. Try again, and quote the request id if it keeps happening.",
    );
  // Our own bug: say so without details (the error is logged by the caller without secrets).
  return f(500, "Something went wrong on our side. Try again in a moment.");
}
