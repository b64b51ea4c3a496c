// Why the app cannot act for a user on the platform, so the UI can say "sign in again" rather than
// "something went wrong". Extends the client's UnauthorizedError: a page that handles "unauthorized"
// handles these too.
import { UnauthorizedError } from "@/lib/clinic-api/errors";

export type ReconnectReason = "missing" | "broken" | "revoked";

const MESSAGES: Record<ReconnectReason, string> = {
  missing: "There is no platform connection yet. Sign in with the platform to connect.",
  broken: "The platform no longer accepts this connection. Sign in with the platform again.",
  revoked: "The platform connection was revoked. Sign in with the platform again.",
};

export class ReconnectRequiredError extends UnauthorizedError {
  override name = "ReconnectRequiredError";
  readonly reason: ReconnectReason;

  constructor(reason: ReconnectReason) {
    super(MESSAGES[reason]);
    this.reason = reason;
  }
}

/** Where to send a user whose connection needs them to sign in again. */
export function reconnectPath(reason: ReconnectReason): string {
  return `/signin?reason=${reason}`;
}
