// Past events of every type, spread over 45 days so that the 30-day window shows (some events are
// older than 30 days, some newer), plus a clinic-key history: two earlier keys that were activated
// and revoked, and a current key that is not yet activated.
import { EVENT_TYPES } from "@/lib/contract";
import { issueKey } from "../platform/clinic-key";
import { recordEvent } from "../events/emit";
import { clinicKeyInfo } from "../state/serialize";
import type { SandboxState } from "../state/store";
import type { ClinicRow } from "../state/types";
import { historyPlanner, type PlannedEvent } from "./history-plan";

const DAY = 86_400_000;
/** How far back the seeded history goes; seeded records not created by an event are older. */
export const HISTORY_DAYS = 45;
/** Events per type: two older than 30 days, three inside the window. */
export const EVENTS_PER_TYPE = 5;

export function seedHistory(s: SandboxState, clinic: ClinicRow, random: () => number, now: number): void {
  const at = (days: number) => Math.round(now - days * DAY);
  // Clinic keys: [issued, activated, revoked] in days ago; the last one stays unactivated.
  for (const [issued, activated, revoked] of [
    [60, 44, 38],
    [37, 20, 12],
  ]) {
    const key = issueKey(s, clinic.id, at(issued));
    key.activatedAt = at(activated);
    recordEvent(s, {
      clinicId: clinic.id,
      type: "clinic_key.activated",
      object: clinicKeyInfo(s, key),
      at: key.activatedAt,
    });
    key.revokedAt = at(revoked);
    recordEvent(s, {
      clinicId: clinic.id,
      type: "clinic_key.revoked",
      object: clinicKeyInfo(s, key),
      at: key.revokedAt,
    });
  }
  issueKey(s, clinic.id, at(11));

  const planner = historyPlanner(s, clinic.id, random);
  const planned: PlannedEvent[] = [];
  for (const type of EVENT_TYPES) {
    if (type.startsWith("clinic_key.")) continue;
    const old = HISTORY_DAYS - 31;
    const ages = [
      31 + random() * old,
      31 + random() * old,
      0.2 + random() * 28,
      0.2 + random() * 28,
      0.2 + random() * 28,
    ];
    for (const age of ages) planned.push(planner.plan(type, at(age)));
  }
  // Snapshots once every event is planned, so each shows its record as it was at that time.
  for (const e of planned) {
    recordEvent(s, {
      clinicId: clinic.id,
      type: e.type,
      object: planner.snapshot(e),
      previousAttributes: e.previous,
      at: e.at,
    });
  }
  s.events.sort((a, b) => a.createdAt - b.createdAt || a.seq - b.seq);
}
