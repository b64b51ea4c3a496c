// The clinic key's activation state, read from the clinic_key.* events (spec 3, 6.1). Events from
// before the admin entered the current key belong to earlier keys and do not count; a little slack
// is allowed for the platform's clock running behind ours. Pure, so the table of cases is tested.
export type ClinicKeyState = "not_entered" | "waiting" | "activated" | "revoked";

export interface ClinicKeyEventLike {
  id: string;
  type: string;
  createdAt: Date;
}

export const CLOCK_SLACK_MS = 10 * 60 * 1000;

export function clinicKeyState(
  keySetAt: Date | null,
  events: readonly ClinicKeyEventLike[],
  slackMs: number = CLOCK_SLACK_MS,
): { state: ClinicKeyState; decidedBy: ClinicKeyEventLike | null } {
  if (!keySetAt) return { state: "not_entered", decidedBy: null };
  const since = keySetAt.getTime() - slackMs;
  let latest: ClinicKeyEventLike | null = null;
  for (const e of events) {
    if (e.createdAt.getTime() < since) continue;
    if (e.type !== "clinic_key.activated" && e.type !== "clinic_key.revoked") continue;
    // Same instant: a revocation wins, it is the later step of a key's life.
    if (
      !latest ||
      e.createdAt > latest.createdAt ||
      (e.createdAt.getTime() === latest.createdAt.getTime() && e.type === "clinic_key.revoked")
    )
      latest = e;
  }
  if (!latest) return { state: "waiting", decidedBy: null };
  return { state: latest.type === "clinic_key.revoked" ? "revoked" : "activated", decidedBy: latest };
}

/** Shows the last four characters only, e.g. `••••••••hl4k`. */
export function maskClinicKey(key: string): string {
  return `${"•".repeat(8)}${key.slice(-4)}`;
}
