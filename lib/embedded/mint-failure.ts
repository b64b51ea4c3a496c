// Why a grant could not be minted, as the embedded page shows it: a status and a plain message in the
// caller's language (with the platform's request id where there is one), never the platform's raw
// answer or a secret.
import "server-only";
import { ReconnectRequiredError, reconnectPath } from "@/lib/auth/errors";
import {
  ClinicApiError,
  ForbiddenError,
  PlatformUnavailableError,
  RateLimitedError,
  UnauthorizedError,
} from "@/lib/clinic-api/errors";
import type { MintFailure } from "@/lib/embedded/session";
import type { Translator } from "@/lib/i18n/translator";

/** A message of `embedded.failures` with the request id a user can quote to support, if any. */
function withRequestId(say: Translator, key: string, error: ClinicApiError): string {
  return say(`embedded.failures.${key}`, {
    hasId: error.requestId ? "yes" : "no",
    requestId: error.requestId ?? "",
  });
}

export function mintFailure(error: unknown, say: Translator): { status: number; body: MintFailure } {
  if (error instanceof ReconnectRequiredError)
    return {
      status: 401,
      body: { error: say("actions.reconnect", { reason: error.reason }), reconnect: reconnectPath(error.reason) },
    };
  if (error instanceof UnauthorizedError)
    return { status: 401, body: { error: say("actions.connectionRefused"), reconnect: reconnectPath("broken") } };
  if (error instanceof ForbiddenError) return { status: 403, body: { error: withRequestId(say, "refused", error) } };
  if (error instanceof RateLimitedError) {
    const seconds = error.retryAfterMs ? Math.ceil(error.retryAfterMs / 1000) : 0;
    return { status: 429, body: { error: say("actions.platformBusy", { seconds }) } };
  }
  if (error instanceof PlatformUnavailableError)
    return { status: 503, body: { error: withRequestId(say, "unavailable", error) } };
  if (error instanceof ClinicApiError) return { status: 502, body: { error: withRequestId(say, "platform", error) } };
  return { status: 500, body: { error: say("embedded.failures.ours") } };
}
