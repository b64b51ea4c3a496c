// The English words of every event summary, in one place, in ICU message syntax (as next-intl reads
// it): a translation is another map with the same ids. `formatSummary` fills in the parameters; it
// understands `{name}` and `{count, plural, one {…} other {…}}` with `#`, which is all these use.
export const SUMMARY_MESSAGES = {
  "patient.created": "New patient {patient}",
  "patient.updated": "Patient {patient} updated",
  "patient.emancipated": "Patient {patient} completed emancipation",
  "order.placed": "Order placed by {patient} — {total}",
  "lab_order.updated": "Lab order updated for {patient}: {test}",
  "lab_order.updated.results": "Lab results available for {patient}: {test}",
  "lab_order.updated.amended": "Lab results amended for {patient}: {test}",
  "product.created": "New product {product}",
  "product.updated": "Product {product} updated",
  "product.description.updated": "Description of {product} updated",
  "treatment_plan.created":
    "Treatment plan created for {patient} ({products, plural, =0 {no products yet} one {# product} other {# products}})",
  "treatment_plan.updated":
    "Treatment plan for {patient} changed ({products, plural, one {# product} other {# products}})",
  "treatment_plan.updated.active":
    "Treatment plan activated for {patient} ({products, plural, one {# product} other {# products}})",
  "treatment_plan.updated.cancelled": "Treatment plan cancelled for {patient}",
  "treatment_plan.recommendation.updated":
    "Recommendations changed in the treatment plan for {patient} ({products, plural, one {# product} other {# products}})",
  "treatment_plan.lab_recommendation.updated":
    "Lab recommendations changed in the treatment plan for {patient} ({labs, plural, =0 {none left} one {# lab test} other {# lab tests}})",
  "clinic_key.activated": "Clinic key activated",
  "clinic_key.revoked": "Clinic key revoked",
  unknown: "Event of a kind this app does not know yet ({type})",
  malformed: "{type} (its details could not be read)",
} as const;

export type SummaryMessageId = keyof typeof SUMMARY_MESSAGES;

type Params = Record<string, string | number>;

/** Fills a message's parameters; a parameter it lacks is left as its name in braces, never dropped silently. */
export function formatMessage(message: string, params: Params): string {
  let out = "";
  for (let i = 0; i < message.length;) {
    if (message[i] !== "{") {
      out += message[i++];
      continue;
    }
    const end = matchingBrace(message, i);
    const inner = message.slice(i + 1, end);
    out += placeholder(inner, params);
    i = end + 1;
  }
  return out;
}

function matchingBrace(s: string, open: number): number {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    if (s[i] === "{") depth++;
    else if (s[i] === "}" && --depth === 0) return i;
  }
  return s.length - 1;
}

function placeholder(inner: string, params: Params): string {
  const [name, kind, ...rest] = inner.split(",");
  const key = name.trim();
  const value = params[key];
  if (!kind) return value === undefined ? `{${key}}` : String(value);
  if (kind.trim() !== "plural" || typeof value !== "number") return value === undefined ? `{${key}}` : String(value);
  const cases = rest.join(",");
  const pick = (selector: string) => {
    const at = cases.search(new RegExp(`(^|\\s)${selector.replace("=", "\\=")}\\s*\\{`));
    if (at < 0) return null;
    const open = cases.indexOf("{", at);
    return cases.slice(open + 1, matchingBrace(cases, open));
  };
  const chosen = pick(`=${value}`) ?? (value === 1 ? pick("one") : null) ?? pick("other") ?? "#";
  return formatMessage(chosen.replaceAll("#", String(value)), params);
}

export function formatSummary(summary: { id: SummaryMessageId; params: Params }): string {
  return formatMessage(SUMMARY_MESSAGES[summary.id] ?? SUMMARY_MESSAGES.unknown, summary.params);
}
