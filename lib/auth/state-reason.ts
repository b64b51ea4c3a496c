// Why a platform connection is broken or revoked, as its row keeps it (`stateReason`): the app's own
// reasons are catalog keys (`admin.connectionReasons.*`), said in the reader's language; a reason
// kept before they were keys is shown as it was written. Shared by server and browser.
const PREFIX = "admin.connectionReasons.";

export function stateReasonText(say: (key: string) => string, reason: string): string {
  return reason.startsWith(PREFIX) ? say(reason) : reason;
}
