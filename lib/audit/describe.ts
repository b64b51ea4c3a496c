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

/**
 * Kinds of target whose id is the app's own row id (a generated UUID): it names nothing a person could
 * look up, so the page says the kind alone and the CSV export keeps the id.
 */
const OWN_RECORDS: ReadonlySet<string> = new Set(["alert", "reconciliation_run"]);

/** Whether the audit page shows a target's id where it knows no name for it. */
export const showsTargetId = (targetType: string | null) => !targetType || !OWN_RECORDS.has(targetType);

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

/**
 * What the reader's page knows beside the entry: the names of the patients its details name by id,
 * and how to write an instant (on the clinic's clock). Without them, ids and times show as recorded.
 */
export interface DetailWords {
  names?: Readonly<Record<string, string>>;
  time?: (iso: string) => string;
  /** A file's size in words ("1.2 MB"), where a detail records its bytes. */
  size?: (bytes: number) => string;
}

/** The detail's name and value in words: a recorded count of bytes reads as a size where the page can say one. */
function pairText(say: Speaker, key: string, value: unknown, words: DetailWords): { key: string; value: string } {
  if (key === "bytes" && typeof value === "number" && words.size)
    return { key: say("audit.details.keys.size"), value: words.size(value) };
  return { key: keyText(say, key), value: valueText(say, value, key, words) };
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** Keys whose value lists patients by id: said as a count and the names the app knows. */
const PATIENT_LIST = /patientIds$/i;

function patientsText(say: Speaker, ids: unknown[], words: DetailWords): string {
  const names = ids.flatMap((id) => (typeof id === "string" && words.names?.[id] ? [words.names[id]] : []));
  const unnamed = ids.length - names.length;
  const list = [...names, ...(unnamed ? [say("audit.details.unnamedPatients", { count: unnamed })] : [])];
  return say("audit.details.patients", { count: ids.length, names: list.join(", ") });
}

function valueText(say: Speaker, value: unknown, key = "", words: DetailWords = {}): string {
  const named = namedValue(say, key, value);
  if (named) return named;
  if (value === null || value === undefined || value === "") return say("audit.details.none");
  if (typeof value === "boolean") return say(value ? "audit.details.yes" : "audit.details.no");
  if (Array.isArray(value)) {
    if (value.length && PATIENT_LIST.test(key)) return patientsText(say, value, words);
    return value.length ? value.map((v) => valueText(say, v, "", words)).join(", ") : say("audit.details.none");
  }
  if (typeof value === "object")
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => say("audit.details.nested", pairText(say, k, v, words)))
      .join(", ");
  const text = String(value);
  if (words.names && Object.hasOwn(words.names, text)) return words.names[text];
  if (words.time && INSTANT.test(text)) return words.time(text);
  if (Object.hasOwn(RECORDED_VALUES, text)) return say(`audit.details.values.${RECORDED_VALUES[text]}`);
  // A problem the mailer recorded is a catalog key (lib/email/mailer.ts).
  if (text.startsWith("alerts.mailProblems.") && say.has(text)) return say(text);
  return text;
}

/** "name: Meal plan · category: none", in the reader's language. */
export function detailsText(say: Speaker, details: unknown, words: DetailWords = {}): string {
  if (!details || typeof details !== "object") return "";
  return Object.entries(details as Record<string, unknown>)
    .map(([key, value]) => say("audit.details.pair", pairText(say, key, value, words)))
    .join(" · ");
}
