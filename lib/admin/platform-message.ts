// Turns a failure of a platform call into what an admin can do about it. The request id is quoted
// where the platform gave one, so it can be passed on to the platform's support.
import "server-only";
import { ReconnectRequiredError, reconnectPath } from "@/lib/auth/errors";
import {
  ClinicApiError,
  ForbiddenError,
  PlatformUnavailableError,
  RateLimitedError,
  ValidationError,
} from "@/lib/clinic-api/errors";

const withId = (message: string, requestId?: string) =>
  requestId ? `${message} (platform request id ${requestId})` : message;

export function platformFailureMessage(error: unknown): string {
  if (error instanceof ReconnectRequiredError) {
    return `${error.message} Your own platform connection is used for this: sign out and sign in again, or ask another admin.`;
  }
  if (error instanceof ForbiddenError && error.code === "clinic_key_revoked") {
    return withId(
      "The platform refused the clinic key: the clinic revoked it. Enter the clinic's new key on the Clinic key tab, or remove the key.",
      error.requestId,
    );
  }
  if (error instanceof ForbiddenError && error.code === "clinic_key_invalid") {
    return withId(
      "The platform does not accept the stored clinic key for this clinic. Check the key in the platform's dashboard and enter it again.",
      error.requestId,
    );
  }
  if (error instanceof RateLimitedError) {
    const wait = error.retryAfterMs ? ` in ${Math.ceil(error.retryAfterMs / 1000)} seconds` : " in a few minutes";
    return withId(`The platform is limiting how often we may ask. Try again${wait}.`, error.requestId);
  }
  if (error instanceof PlatformUnavailableError) {
    return withId(
      "The platform did not answer. Try again in a minute; if it keeps failing, check the platform's status page.",
      error.requestId,
    );
  }
  if (error instanceof ValidationError) {
    return withId(`The platform refused the request: ${error.message}.`, error.requestId);
  }
  if (error instanceof ClinicApiError)
    return withId(`The platform answered with an error: ${error.message}.`, error.requestId);
  return "Something went wrong on our side. Try again; if it keeps failing, the server log says why.";
}

/** The shape components/ui/states' ErrorState shows: message, request id, where to sign in again. */
export function shownPlatformError(error: unknown): { message: string; requestId?: string; reconnect?: string } {
  const requestId = error instanceof ClinicApiError ? error.requestId : undefined;
  const reconnect = error instanceof ReconnectRequiredError ? reconnectPath(error.reason) : undefined;
  if (!(error instanceof ClinicApiError))
    console.error(`[admin] platform read failed: ${error instanceof Error ? error.name : typeof error}`);
  return { message: platformFailureMessage(error).replace(/ \(platform request id [^)]+\)/, ""), requestId, reconnect };
}
