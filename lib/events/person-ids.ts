// The people an event concerns: the ids of the patient and practitioners its data points at, in the
// documented shapes (lib/contract/event-data.ts) and the sandbox's older ones. The database keeps the
// same list by itself, as the SQL function event_person_ids (migration 20261125195219_person_search),
// and indexes it: the timeline's search finds a person's events by it. This twin is what tests hold
// the SQL to; change both together.
const PATHS: ReadonlyArray<readonly string[]> = [
  ["patient", "id"],
  ["patient_id"],
  ["order", "patient_id"],
  ["lab_order", "patient_id"],
  ["lab_order", "practitioner_id"],
  ["treatment_plan", "patient_id"],
  ["treatment_plan", "patient", "id"],
  ["treatment_plan", "practitioner_id"],
  ["treatment_plan", "practitioner", "id"],
];

function at(value: unknown, path: readonly string[]): unknown {
  let v = value;
  for (const key of path)
    v = v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>)[key] : undefined;
  return v;
}

/** An order's practitioner_ids read, at most: the SQL twin reads a fixed list of paths. */
export const MAX_ORDER_PRACTITIONERS = 4;

/** Distinct, in the order of PATHS, then the documented order's first practitioner_ids. */
export function personIdsOf(data: unknown): string[] {
  const ids = PATHS.map((path) => at(data, path));
  const practitioners = at(data, ["practitioner_ids"]);
  if (Array.isArray(practitioners)) ids.push(...practitioners.slice(0, MAX_ORDER_PRACTITIONERS));
  return [...new Set(ids.filter((id): id is string => typeof id === "string" && id !== ""))];
}
