// What a detector reports: the incident it sees now (its key names the incident, so the same incident
// seen at the next check is the same alert), at which stage, with the details its text is made from.
import type { AlertKind } from "@/lib/alerts/kinds";

export interface Finding {
  key: string;
  kind: AlertKind;
  stage: string;
  details: Record<string, unknown>;
}

/**
 * One detector's verdict for a clinic: the incidents it sees among the keys it owns. An open alert
 * of those keys that is not among `findings` has cleared and resolves. A detector that could not
 * look (the platform unreachable) returns null and leaves its alerts as they are.
 */
export interface Verdict {
  owns(key: string): boolean;
  findings: Finding[];
}
