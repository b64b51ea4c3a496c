// The account's "documented records" mode: records carry only the fields the platform's public
// documentation shows, single records come bare (no wrapper key), and the paths neither the spec nor
// the documentation shows answer 404. It lets the app's tests meet the platform as documented, not
// as the sandbox's richer design (docs/platform-api.md, "Fields of each record").
import { ApiError } from "../http/errors";
import type { Ctx } from "../http/router";
import type { SandboxState } from "../state/store";

export const DOCUMENTED_FIELDS = {
  resource: ["id", "attachment_url", "category", "name", "type"],
  patient: [
    "id",
    "first_name",
    "last_name",
    "email",
    "date_of_birth",
    "gender",
    "discount",
    "total_discount",
    "mobile_number",
    "text_message_notification",
  ],
  clinic: [
    "id",
    "name",
    "patient_count",
    "practitioner_count",
    "discount",
    "dispensary_url",
    "integration_id",
    "integration_activated_at",
    "margin_type",
  ],
  /** The spec names these three (as the list's filters); it shows no other field of a delivery. */
  delivery: ["event_id", "attempted_at", "successfully_delivered"],
  /** The staff list's path is documented, its fields are not: the id and the name are kept. */
  person: ["id", "first_name", "last_name"],
} as const;

export type DocumentedKind = keyof typeof DOCUMENTED_FIELDS;

/** The record as the account shows it: whole, or only its documented fields. */
export function shaped<T extends object>(s: SandboxState, kind: DocumentedKind, record: T): Partial<T> {
  if (!s.account.documentedRecords) return record;
  const fields: readonly string[] = DOCUMENTED_FIELDS[kind];
  return Object.fromEntries(Object.entries(record).filter(([key]) => fields.includes(key))) as Partial<T>;
}

/** One record's answer: under `key`, or bare in the documented mode (the documentation shows no wrapper). */
export function single<T extends object>(s: SandboxState, key: string, record: T): object {
  return s.account.documentedRecords ? record : { [key]: record };
}

/** Refuses a path that neither the spec nor the documentation shows, in the documented mode. */
export function undocumentedPath(ctx: Ctx): void {
  if (ctx.s.account.documentedRecords) throw ApiError.of(404, "not_found", `No route for GET ${ctx.url.pathname}.`);
}
