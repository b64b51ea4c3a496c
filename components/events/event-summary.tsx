"use client";
// An event in words (lib/events/summary.ts), with a link to the patient's treatment plans where the
// event is about a patient; and the drawer's labelled view of the records an event carries.
import Link from "next/link";
import { useTranslations } from "next-intl";
import { patientHref, plansHref } from "@/lib/events/links";
import {
  DOCUMENTED_RECORD_KEY,
  EVENT_DATA_KEY,
  EVENT_TYPE_CATEGORY,
  isDocumentedEventType,
} from "@/lib/contract/event-types";
import type { EventSummary } from "@/lib/events/summary";
import { formatSummary, type Say } from "@/lib/events/summary-messages";
import { NameWithId } from "@/components/ui/id-text";
import { When } from "@/components/ui/when";

export function SummaryLink({ summary }: { summary: EventSummary }) {
  const t = useTranslations("events");
  if (!summary.patientId) return null;
  const named = !summary.unnamedPatient && typeof summary.params.patient === "string" && summary.params.patient;
  return (
    <>
      <Link href={plansHref(summary.patientId)} className="text-xs text-brand-700 underline-offset-2 hover:underline">
        {t("openPlans")}
      </Link>{" "}
      <Link href={patientHref(summary.patientId)} className="text-xs text-brand-700 underline-offset-2 hover:underline">
        {named
          ? t.rich("openPatientFor", { name: named, hidden: (c) => <span className="sr-only">{c}</span> })
          : t("openPatient")}
      </Link>
    </>
  );
}

export const summaryText = (summary: EventSummary, say: Say) => formatSummary(summary, say);

// Fields the catalogs name (`events.fields.*`): the platform's documented ones; any other is shown by
// its own name, made readable. The same for the records an event carries (`events.records.*`).
const LABELLED = [
  "id",
  "patient_id",
  "practitioner_id",
  "clinic_id",
  "integration_id",
  "total_cents",
  "recommendations",
  "lab_recommendations",
  "first_name",
  "last_name",
  "full_name",
  "email",
  "date_of_birth",
  "emancipated_at",
  "created_at",
  "updated_at",
  "placed_at",
  "activated_at",
  "revoked_at",
  "name",
  "brand",
  "description",
  "state",
  "status",
  "product_id",
  "product_name",
  "test_name",
  "dosage",
  "order_number",
  "completed_at",
  "practitioner_ids",
  "treatment_plan_ids",
  "line_items",
  "variant_id",
  "quantity",
  "type",
  "active",
  "available_at",
  "patient",
  "practitioner",
  "resources",
  "gender",
  "discount",
  "total_discount",
  "mobile_number",
  "text_message_notification",
  "description_html",
  "variants",
  "refill",
  "units_to_purchase",
  "take_with",
];
const RECORDS = ["clinic_key", "lab_order", "order", "patient", "product", "treatment_plan"];
const readable = (key: string) => key.replaceAll("_", " ");
const capitalised = (text: string) => text.replace(/^./, (c) => c.toUpperCase());
const label = (key: string, say: Say) =>
  LABELLED.includes(key) ? say(`events.fields.${key}`) : capitalised(readable(key));
const recordName = (kind: string, say: Say) =>
  RECORDS.includes(kind) ? say(`events.records.${kind}`) : readable(kind);

function Value({ field, value, names }: { field: string; value: unknown; names: Record<string, string> }) {
  const t = useTranslations("events");
  if (value === null || value === undefined || value === "") return <span className="text-slate-500">—</span>;
  if (field === "patient_id" && typeof value === "string") return <NameWithId name={names[value]} id={value} />;
  if (field === "total_cents" && typeof value === "number") return <>{t("money", { amount: value / 100 })}</>;
  // An instant the platform recorded, on the clinic's clock and in the reader's language.
  if (field.endsWith("_at") && typeof value === "string" && !Number.isNaN(Date.parse(value)))
    return <When iso={value} format={{ show: "date-time-seconds" }} />;
  if (Array.isArray(value)) {
    if (value.length === 0) return <span className="text-slate-500">{t("none")}</span>;
    return (
      <ul className="list-disc pl-4">
        {value.map((item, i) => {
          const o = (item ?? {}) as Record<string, unknown>;
          const text = [o.product_name ?? o.test_name ?? o.name ?? JSON.stringify(item), o.dosage]
            .filter(Boolean)
            .join(" — ");
          return <li key={i}>{String(text)}</li>;
        })}
      </ul>
    );
  }
  if (typeof value === "object") return <code className="text-xs">{JSON.stringify(value)}</code>;
  if (field === "id" || field.endsWith("_id"))
    return <span className="font-mono text-xs break-all">{String(value)}</span>;
  return <>{String(value)}</>;
}

/** The records an event's data holds: under their kind, or the data itself where the documentation puts it there. */
function recordsOf(type: string, data: object): Array<[string, unknown]> {
  if (isDocumentedEventType(type) && DOCUMENTED_RECORD_KEY[type] === null)
    return [[EVENT_DATA_KEY[EVENT_TYPE_CATEGORY[type]], data]];
  return Object.entries(data).filter(([, v]) => v && typeof v === "object" && !Array.isArray(v));
}

/** Each record under the event's data, its fields labelled (ids secondary to names). */
export function EventRecords({ type, data, names }: { type: string; data: unknown; names: Record<string, string> }) {
  const say = useTranslations();
  if (!data || typeof data !== "object" || Array.isArray(data)) return null;
  const records = recordsOf(type, data);
  return (
    <>
      {records.map(([kind, record]) => (
        <section key={kind} aria-label={say("events.recordLabel", { kind: recordName(kind, say) })} className="mt-6">
          <h3 className="text-sm font-semibold text-slate-700">{capitalised(recordName(kind, say))}</h3>
          <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
            {Object.entries(record as Record<string, unknown>).map(([field, value]) => (
              <div key={field} className="contents">
                <dt className="text-slate-500">{label(field, say)}</dt>
                <dd>
                  <Value field={field} value={value} names={names} />
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </>
  );
}
