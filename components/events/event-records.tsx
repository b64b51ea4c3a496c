"use client";
// The drawer's view of the records an event carries, in words: each documented field (the platform's
// documentation, lib/contract/event-data.ts) under its label and said as a person would ("2 ×
// Magnesium Glycinate", a practitioner by name, "Yes"), and any field nobody documented under a
// collapsed "More details", where support can still find it. The integration's id is ours, not the
// clinic's business, and is left out; the raw data stays behind its own disclosure.
import { useTranslations } from "next-intl";
import {
  DOCUMENTED_RECORD_KEY,
  EVENT_DATA_KEY,
  EVENT_TYPE_CATEGORY,
  isDocumentedEventType,
} from "@/lib/contract/event-types";
import type { VariantName } from "@/lib/events/variant-names";
import { amountText, dosageText } from "@/lib/patients/lines";
import type { Say } from "@/lib/i18n/say";
import { IdText } from "@/components/ui/id-text";
import { When } from "@/components/ui/when";
import { PAIRS_GRID } from "@/components/ui/pairs";

export interface RecordNames {
  /** Patient id → name. */
  patients: Record<string, string>;
  /** Practitioner or staff id → name. */
  people: Record<string, string>;
  /** Variant id → the product it is a variant of. */
  variants: Record<string, VariantName>;
}

// Fields the catalogs name (`events.fields.*`): the documented ones, and the older shapes' few.
const LABELLED = new Set([
  "id",
  "clinic_id",
  "patient_id",
  "practitioner_id",
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
]);
/** Never shown: the integration is the app itself. */
const LEFT_OUT = new Set(["integration_id"]);
/** Labelled, but of no use at the front desk (every event here is the clinic's own): folded away. */
const FOLDED = new Set(["clinic_id"]);
const RECORDS = ["clinic_key", "lab_order", "order", "patient", "product", "treatment_plan"];
const readable = (key: string) => key.replaceAll("_", " ");
const capitalised = (text: string) => text.replace(/^./, (c) => c.toUpperCase());
const recordName = (kind: string, say: Say) =>
  RECORDS.includes(kind) ? say(`events.records.${kind}`) : readable(kind);

type Rec = Record<string, unknown>;
const isRecord = (v: unknown): v is Rec => Boolean(v) && typeof v === "object" && !Array.isArray(v);
const text = (v: unknown): string | null =>
  typeof v === "string" && v.trim() ? v.trim() : typeof v === "number" ? String(v) : null;
const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/** A person the record names by id: their name where the clinic knows it, else the id to copy. */
function Named({ id, name }: { id: string; name: string | undefined }) {
  return name ? <span title={id}>{name}</span> : <IdText id={id} />;
}

/** "2 × Magnesium Glycinate (Northfield Labs)", or the product unnamed with its variant id. */
function productLine(item: Rec, names: RecordNames, say: Say): { line: string; unnamedId: string | null } {
  const variantId = text(item.variant_id);
  const known = variantId ? names.variants[variantId] : undefined;
  const name = text(item.product_name) ?? text(item.name) ?? known?.product ?? null;
  const product = name
    ? known?.brand
      ? say("events.values.productOf", { name, brand: known.brand })
      : name
    : say("events.values.unnamedProduct");
  const quantity = typeof item.quantity === "number" ? item.quantity : item.units_to_purchase;
  const dosage = dosageText(item.dosage, item.take_with);
  const parts = [
    typeof quantity === "number" ? say("events.values.quantityOf", { quantity, product }) : product,
    item.type === "lab" || item.type === "labs" ? say("events.values.labPurchase") : null,
    dosage,
    item.refill === true ? say("events.values.refill") : null,
  ].filter((p): p is string => Boolean(p));
  return { line: parts.join(" · "), unnamedId: name ? null : variantId };
}

/** A list's item in words: a product line, a plan's resource or lab test, or what it says of itself. */
function ItemText({ field, item, names }: { field: string; item: unknown; names: RecordNames }) {
  const say = useTranslations();
  if (!isRecord(item)) return <>{text(item) ?? "—"}</>;
  if (field === "line_items" || field === "recommendations" || "variant_id" in item) {
    const { line, unnamedId } = productLine(item, names, say);
    return (
      <>
        {line} {unnamedId && <IdText id={unnamedId} />}
      </>
    );
  }
  if (field === "variants") {
    const units = [text(item.units), text(item.unit_of_measure)].filter(Boolean).join(" ");
    const price = Number(item.msrp);
    return (
      <>
        {[
          text(item.sku) && say("events.values.sku", { sku: text(item.sku) ?? "" }),
          units,
          item.msrp != null && Number.isFinite(price) && say("events.money", { amount: price }),
          text(item.availability),
        ]
          .filter(Boolean)
          .join(" · ")}
      </>
    );
  }
  if (field === "lab_recommendations") {
    const tests = Array.isArray(item.tests) ? item.tests.flatMap((t) => (isRecord(t) && text(t.name)) || []) : [];
    return (
      <>
        {[
          text(item.name) ?? say("events.values.unnamedLabTest"),
          tests.join(", "),
          item.requires_fasting === true ? say("events.values.fasting") : null,
          text(item.instructions),
        ]
          .filter(Boolean)
          .join(" · ")}
      </>
    );
  }
  const named = text(item.name) ?? text(item.product_name) ?? text(item.test_name);
  return <>{named ? [named, text(item.type)].filter(Boolean).join(" · ") : <Pairs record={item} />}</>;
}

/** A small object in words: "Label: value" pairs, for what has no better reading. */
function Pairs({ record }: { record: Rec }) {
  const say = useTranslations();
  const parts = Object.entries(record).flatMap(([k, v]) => {
    const shown = typeof v === "boolean" ? say(v ? "events.values.yes" : "events.values.no") : text(v);
    return shown ? [`${capitalised(readable(k))}: ${shown}`] : [];
  });
  return <>{parts.join(" · ") || "—"}</>;
}

function Value({ field, value, names }: { field: string; value: unknown; names: RecordNames }) {
  const say = useTranslations();
  if (value === null || value === undefined || value === "") return <span className="text-slate-500">—</span>;
  if (field === "patient_id" && typeof value === "string") return <Named id={value} name={names.patients[value]} />;
  if (field === "practitioner_id" && typeof value === "string") return <Named id={value} name={names.people[value]} />;
  if ((field === "patient" || field === "practitioner") && isRecord(value) && typeof value.id === "string") {
    const id = value.id;
    return <Named id={id} name={field === "patient" ? names.patients[id] : names.people[id]} />;
  }
  if (field === "total_cents" && typeof value === "number") return <>{say("events.money", { amount: value / 100 })}</>;
  if (field === "active" || typeof value === "boolean") {
    const yes = value === true || value === "true";
    const no = value === false || value === "false";
    if (yes || no) return <>{say(yes ? "events.values.yes" : "events.values.no")}</>;
  }
  if (field === "status" && typeof value === "string")
    return <>{capitalised(say("patient.records.labStatus", { status: value, raw: readable(value) }))}</>;
  if (field === "discount" || field === "total_discount")
    return typeof value === "number" ? <>{say("events.values.percent", { value: value / 100 })}</> : <>{text(value)}</>;
  // An instant the platform recorded, on the clinic's clock and in the reader's language.
  if (field.endsWith("_at") && typeof value === "string" && value.includes("T") && !Number.isNaN(Date.parse(value)))
    return <When iso={value} format={{ show: "date-time-seconds" }} />;
  if (field === "description_html" && typeof value === "string") return <>{plain(value)}</>;
  if (field === "dosage") return <>{productDosage(value) ?? dosageText(value) ?? "—"}</>;
  if (field === "brand" && isRecord(value)) return <>{text(value.name) ?? "—"}</>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <span className="text-slate-500">{say("events.none")}</span>;
    if (field === "practitioner_ids" || field === "treatment_plan_ids")
      return (
        <ul>
          {value.map((id, i) => (
            <li key={i}>
              {typeof id === "string" && field === "practitioner_ids" ? (
                <Named id={id} name={names.people[id]} />
              ) : (
                <IdText id={String(id)} />
              )}
            </li>
          ))}
        </ul>
      );
    return (
      <ul className="list-disc pl-4">
        {value.map((item, i) => (
          <li key={i}>
            <ItemText field={field} item={item} names={names} />
          </li>
        ))}
      </ul>
    );
  }
  if (isRecord(value)) return <Pairs record={value} />;
  if (field === "id" || field.endsWith("_id")) return <IdText id={String(value)} />;
  return <>{String(value)}</>;
}

/** A product's recommended dosage: "1 capsule · daily · for 30 days". */
function productDosage(value: unknown): string | null {
  if (!isRecord(value) || !("recommended_amount" in value || "recommended_frequency" in value)) return null;
  const parts = [
    amountText(value.recommended_amount, value.format),
    text(value.recommended_frequency),
    text(value.recommended_duration),
    text(value.additional_info),
  ].filter(Boolean);
  return parts.length ? parts.join(" · ") : null;
}

/** The records an event's data holds: under their kind, or the data itself where the documentation puts it there. */
function recordsOf(type: string, data: object): Array<[string, Rec]> {
  if (isDocumentedEventType(type) && DOCUMENTED_RECORD_KEY[type] === null)
    return [[EVENT_DATA_KEY[EVENT_TYPE_CATEGORY[type]], data as Rec]];
  return Object.entries(data).filter((entry): entry is [string, Rec] => isRecord(entry[1]));
}

function Fields({ record, names }: { record: Rec; names: RecordNames }) {
  const say = useTranslations();
  return (
    <dl className={`mt-2 ${PAIRS_GRID} gap-y-1 text-sm`}>
      {Object.entries(record).map(([field, value]) => (
        <div key={field} className="contents">
          <dt className="text-slate-500">
            {LABELLED.has(field) ? say(`events.fields.${field}`) : capitalised(readable(field))}
          </dt>
          <dd>
            <Value field={field} value={value} names={names} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Each record under the event's data, its documented fields in words and the rest folded away. */
export function EventRecords({ type, data, names }: { type: string; data: unknown; names: RecordNames }) {
  const say = useTranslations();
  if (!isRecord(data)) return null;
  return (
    <>
      {recordsOf(type, data).map(([kind, record]) => {
        const shown = Object.entries(record).filter(([k]) => !LEFT_OUT.has(k));
        const inWords = (k: string) => LABELLED.has(k) && !FOLDED.has(k);
        const known = Object.fromEntries(shown.filter(([k]) => inWords(k)));
        const other = Object.fromEntries(shown.filter(([k]) => !inWords(k)));
        return (
          <section key={kind} aria-label={say("events.recordLabel", { kind: recordName(kind, say) })} className="mt-6">
            <h3 className="text-sm font-semibold text-slate-700">{capitalised(recordName(kind, say))}</h3>
            <Fields record={known} names={names} />
            {Object.keys(other).length > 0 && (
              <details className="mt-2">
                <summary className="cursor-pointer text-sm text-slate-700">{say("events.drawer.more")}</summary>
                <Fields record={other} names={names} />
              </details>
            )}
          </section>
        );
      })}
    </>
  );
}
