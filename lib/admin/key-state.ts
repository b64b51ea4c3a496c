// The clinic key's activation state, read from the clinic_key.* events (spec 3, 6.1). Events from
// before the admin entered the current key belong to earlier keys and do not count; a little slack
// is allowed for the platform's clock running behind ours. A refusal of the stored key by the
// platform after it was entered ("refused": it no longer knows the key, e.g. a platform reset) says
// more than an old activation, though no event tells of it. The refusal is a time on our clock and an
// event's createdAt is on the platform's, which may run ahead: an event counts as after the refusal
// only if it was also received after it (receivedAt, our clock), when the receipt is known. Pure, so
// the table of cases is tested.
export type ClinicKeyState = "not_entered" | "waiting" | "activated" | "revoked" | "refused";

export interface ClinicKeyEventLike {
  id: string;
  type: string;
  createdAt: Date;
  /** When the app received it, on the app's clock (absent where only the platform's time is read). */
  receivedAt?: Date;
}

/** The latest time, on our clock, by which the event had happened: the platform's time or our receipt. */
const knownBy = (e: ClinicKeyEventLike): Date =>
  e.receivedAt && e.receivedAt < e.createdAt ? e.receivedAt : e.createdAt;

export const CLOCK_SLACK_MS = 10 * 60 * 1000;

export function clinicKeyState(
  keySetAt: Date | null,
  events: readonly ClinicKeyEventLike[],
  refusedAt: Date | null = null,
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
  if (latest?.type === "clinic_key.revoked") return { state: "revoked", decidedBy: latest };
  if (refusedAt && refusedAt >= keySetAt && !(latest && knownBy(latest) > refusedAt))
    return { state: "refused", decidedBy: null };
  return latest ? { state: "activated", decidedBy: latest } : { state: "waiting", decidedBy: null };
}
