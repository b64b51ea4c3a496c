// An audit entry in words: the action's label and its details as "what: value" pairs, for the audit
// page and the CSV export. Shared by server and browser; no server-only imports.
import { AUDIT_ACTIONS, isAuditAction } from "@/lib/audit/actions";

export function actionLabel(action: string): string {
  return isAuditAction(action) ? AUDIT_ACTIONS[action] : action;
}

/** camelCase or snake_case key → "words". */
function words(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replaceAll("_", " ")
    .toLowerCase();
}

function valueText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) return value.length ? value.map(valueText).join(", ") : "none";
  if (typeof value === "object")
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${words(k)} ${valueText(v)}`)
      .join(", ");
  return String(value);
}

/** "name: Meal plan · category: none". */
export function detailsText(details: unknown): string {
  if (!details || typeof details !== "object") return "";
  return Object.entries(details as Record<string, unknown>)
    .map(([key, value]) => `${words(key)}: ${valueText(value)}`)
    .join(" · ");
}
