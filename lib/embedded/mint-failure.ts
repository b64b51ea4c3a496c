// Why a grant could not be minted, as the embedded page shows it: a status and a plain message
// (with the platform's request id where there is one), never the platform's raw answer or a secret.
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

/** `message` (no final period) and the request id a user can quote to support. */
function withRequestId(message: string, error: ClinicApiError): string {
  return error.requestId ? `${message} (request id ${error.requestId}).` : `${message}.`;
}

export function mintFailure(error: unknown): { status: number; body: MintFailure } {
  if (error instanceof ReconnectRequiredError)
    return { status: 401, body: { error: error.message, reconnect: reconnectPath(error.reason) } };
  if (error instanceof UnauthorizedError) {
    return {
      status: 401,
      body: {
        error: "The platform no longer accepts this connection. Sign in with the platform again.",
        reconnect: reconnectPath("broken"),
      },
    };
  }
  if (error instanceof ForbiddenError) {
    return {
      status: 403,
      body: { error: withRequestId("The platform refused to open the embedded feature for this clinic", error) },
    };
  }
  if (error instanceof RateLimitedError) {
    const wait = error.retryAfterMs ? ` in ${Math.ceil(error.retryAfterMs / 1000)} seconds` : " in a moment";
    return { status: 429, body: { error: `The platform is busy. Try again${wait}.` } };
  }
  if (error instanceof PlatformUnavailableError) {
    return {
      status: 503,
      body: { error: withRequestId("The platform is not reachable right now. Try again in a moment", error) },
    };
  }
  if (error instanceof ClinicApiError) {
    return { status: 502, body: { error: withRequestId("The platform could not start a session", error) } };
  }
  return { status: 500, body: { error: "The session could not be started. Try again in a moment." } };
}
