// An audit entry in words, in the reader's language: the action's label, what it was done on, and its
// details as "what: value" pairs, for the audit page and the CSV export. The entry itself is kept as
// recorded (its hash covers it); only the words around it are translated: the action, the details'
// names, yes/no/none and the few values the app itself writes ("manual", "not configured"). What
// people typed and what the platform named (a search, a resource's name) is shown as it is.
// Shared by server and browser; no server-only imports.
import { auditActionKey, isAuditAction, SYSTEM_ACTOR_LABEL } from "@/lib/audit/actions";
import { eventTypeNameKey } from "@/lib/contract/event-types";

/** A translator at the catalog's root: next-intl's `useTranslations()` or lib/i18n/translator.ts. */
export interface Speaker {
  (key: string, values?: Record<string, string | number>): string;
  has(key: string): boolean;
}

export function actionLabel(say: Speaker, action: string): string {
  return isAuditAction(action) ? say(auditActionKey(action)) : action;
}

/** Who acted: a person as recorded, or the app itself in the reader's words. */
export function actorText(say: Speaker, row: { actorUserId: string | null; actorLabel: string }): string {
  return row.actorUserId === null && row.actorLabel === SYSTEM_ACTOR_LABEL ? say("audit.system") : row.actorLabel;
}

/** "resource", "session grant": the kind of thing an entry is about. */
export function targetText(say: Speaker, targetType: string): string {
  const key = `audit.targets.${targetType}`;
  return say.has(key) ? say(key) : targetType.replaceAll("_", " ");
}

/** The words the app records as values, by their catalog names. */
const RECORDED_VALUES: Record<string, string> = {
  "time zone": "timeZone",
  refreshed: "refreshed",
  "refused: now broken": "refusedBroken",
  "operator (npm run admin:grant)": "operator",
  sent: "sent",
  "sent by another check": "sentElsewhere",
  "not configured": "notConfigured",
  manual: "manual",
  schedule: "schedule",
};

/** camelCase or snake_case key → its name in the catalog, else "words". */
function keyText(say: Speaker, key: string): string {
  const known = `audit.details.keys.${key}`;
  if (say.has(known)) return say(known);
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replaceAll("_", " ")
    .toLowerCase();
}

/** An event's type or category where a detail records one (a search's filters, an event read). */
function namedValue(say: Speaker, key: string, value: unknown): string | null {
  if (typeof value !== "string") return null;
  const known = key === "type" ? eventTypeNameKey(value) : key === "category" ? `events.categories.${value}` : null;
  return known && say.has(known) ? say(known) : null;
}

function valueText(say: Speaker, value: unknown, key = ""): string {
  const named = namedValue(say, key, value);
  if (named) return named;
  if (value === null || value === undefined || value === "") return say("audit.details.none");
  if (typeof value === "boolean") return say(value ? "audit.details.yes" : "audit.details.no");
  if (Array.isArray(value))
    return value.length ? value.map((v) => valueText(say, v)).join(", ") : say("audit.details.none");
  if (typeof value === "object")
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => say("audit.details.nested", { key: keyText(say, k), value: valueText(say, v, k) }))
      .join(", ");
  const text = String(value);
  if (Object.hasOwn(RECORDED_VALUES, text)) return say(`audit.details.values.${RECORDED_VALUES[text]}`);
  // A problem the mailer recorded is a catalog key (lib/email/mailer.ts).
  if (text.startsWith("alerts.mailProblems.") && say.has(text)) return say(text);
  return text;
}

/** "name: Meal plan · category: none", in the reader's language. */
export function detailsText(say: Speaker, details: unknown): string {
  if (!details || typeof details !== "object") return "";
  return Object.entries(details as Record<string, unknown>)
    .map(([key, value]) => say("audit.details.pair", { key: keyText(say, key), value: valueText(say, value, key) }))
    .join(" · ");
}
