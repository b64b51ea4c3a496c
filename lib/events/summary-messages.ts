// Event summaries in words: each summary's message id names a message of the catalogs' `summary`
// namespace (messages/*.json, ICU syntax; the id's dots become underscores there, as next-intl reads
// dots as nesting). `formatSummary` says one with the reader's translator: server components,
// client components and the CSV export each pass their own.
import type { Say } from "@/lib/i18n/say";
export const SUMMARY_MESSAGE_IDS = [
  "patient.created",
  "patient.updated",
  "patient.emancipated",
  "order.placed",
  "order.placed.total",
  "lab_order.updated",
  "lab_order.updated.partial",
  "lab_order.updated.ready",
  "lab_order.updated.results",
  "lab_order.updated.amended",
  "product.created",
  "product.updated",
  "product.description.updated",
  "treatment_plan.created",
  "treatment_plan.updated",
  "treatment_plan.updated.active",
  "treatment_plan.updated.cancelled",
  "treatment_plan.recommendation.updated",
  "treatment_plan.lab_recommendation.updated",
  "clinic_key.activated",
  "clinic_key.revoked",
  "unknown",
  "malformed",
] as const;

export type SummaryMessageId = (typeof SUMMARY_MESSAGE_IDS)[number];

type Params = Record<string, string | number>;

/** The catalog key of a summary message. */
export const summaryKey = (id: SummaryMessageId) => `summary.${id.replaceAll(".", "_")}`;

export function formatSummary(
  summary: { id: SummaryMessageId; params: Params; unnamedPatient?: boolean },
  say: Say,
): string {
  const id = SUMMARY_MESSAGE_IDS.includes(summary.id) ? summary.id : "unknown";
  const params =
    summary.unnamedPatient && typeof summary.params.patient === "string"
      ? // A patient the app has no name for: "a patient" (the id stays in the event's details).
        { ...summary.params, patient: say("summary.patientById") }
      : summary.params;
  return say(summaryKey(id), params);
}

/** The name of the patient a summary is about, where the app knows one (the page's link, the export). */
export function patientNameOf(summary: {
  params: Params;
  patientId?: string;
  unnamedPatient?: boolean;
}): string | null {
  const name = summary.params.patient;
  return summary.patientId && !summary.unnamedPatient && typeof name === "string" && name ? name : null;
}
