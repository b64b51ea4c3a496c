// A plan's recommendations and an order's items as lines a person reads: the product's name (the
// record's own where it has one, else the clinic's product events), how much, and, for a plan, the
// dosage in the platform's words. Either shape of a recommendation is read: the documented one
// (variant_id, dosage {amount, frequency, duration, format, additional_info, time_of_day}) and the
// sandbox's (product_name, dosage as a sentence).
import type { PlatformOrder, TreatmentPlan } from "@/lib/contract";
import type { VariantName } from "@/lib/events/variant-names";

export interface ProductLine {
  /** The product's name, or null when nothing names it (then the variant id is all there is). */
  name: string | null;
  brand: string | null;
  variantId: string | null;
  quantity: number | null;
  /** The dosage in the platform's words; null when none was given. */
  dosage: string | null;
  kind: string | null;
}

const text = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v.trim() : null);
const count = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** A word and what it may be in the singular: "capsules" → capsule, "patches" → patch, "capsule(s)" → capsule. */
function singulars(word: string): Set<string> {
  const w = word.toLowerCase().replace(/\(e?s\)$/, "");
  return new Set([w, w.replace(/s$/, ""), w.replace(/es$/, "")]);
}

const sameWord = (a: string, b: string) => [...singulars(a)].some((w) => singulars(b).has(w));

/**
 * How much and in what form: "1" and "capsule" read "1 capsule". An amount that names its form
 * already ("1 capsule daily", "2 capsules", "1 capsule(s)") is said as it is, not "1 capsule daily
 * capsule": the form is added only where the amount does not say it, in any number.
 */
export function amountText(amount: unknown, format: unknown): string | null {
  const much = text(amount);
  const form = text(format);
  if (!much || !form) return much ?? form;
  const words = much.match(/[\p{L}]+(?:\(e?s\))?/gu) ?? [];
  const formWords = form.split(/\s+/);
  const named = words.some((_, i) =>
    formWords.every((f, j) => words[i + j] !== undefined && sameWord(words[i + j], f)),
  );
  return named ? much : `${much} ${form}`;
}

/** "1-2 capsule · once per day · for 30 days · morning, evening · with food". */
export function dosageText(dosage: unknown, takeWith?: unknown): string | null {
  if (typeof dosage === "string") return text(dosage);
  if (!dosage || typeof dosage !== "object") return null;
  const d = dosage as Record<string, unknown>;
  const times = Array.isArray(d.time_of_day) ? d.time_of_day.flatMap((t) => text(t) ?? []) : [];
  const parts = [
    amountText(d.amount, d.format),
    text(d.frequency),
    text(d.duration),
    times.join(", "),
    text(d.additional_info) ?? text(takeWith),
  ].filter((p): p is string => Boolean(p));
  return parts.length ? parts.join(" · ") : null;
}

function line(raw: Record<string, unknown>, names: Record<string, VariantName>, dosage: string | null): ProductLine {
  const variantId = text(raw.variant_id);
  const known = variantId ? names[variantId] : undefined;
  return {
    name: text(raw.product_name) ?? known?.product ?? null,
    brand: known?.brand ?? null,
    variantId,
    quantity: count(raw.units_to_purchase) ?? count(raw.quantity),
    dosage,
    kind: text(raw.type),
  };
}

export const recommendationLines = (plan: TreatmentPlan, names: Record<string, VariantName>): ProductLine[] =>
  (plan.recommendations ?? []).map((r) => line(r, names, dosageText(r.dosage, r.take_with)));

export const orderLines = (order: PlatformOrder, names: Record<string, VariantName>): ProductLine[] =>
  (order.line_items ?? []).map((item) => line(item, names, null));

/** Every variant id a set of plans and orders names, to look up at once. */
export function variantIdsOf(plans: readonly TreatmentPlan[], orders: readonly PlatformOrder[]): string[] {
  const ids = [
    ...plans.flatMap((p) => (p.recommendations ?? []).map((r) => r.variant_id)),
    ...orders.flatMap((o) => (o.line_items ?? []).map((i) => i.variant_id)),
  ];
  return ids.filter((id): id is string => typeof id === "string" && id.length > 0);
}
