// How a page shows a resource record whatever the platform put in it. The documented record is
// `{id, attachment_url, category, name, type}`: the file's name and size, the owner and the plan
// link are the sandbox's extras, shown when present and left out when absent. Not server-only.
import { RESOURCE_CATEGORIES, RESOURCE_TYPES } from "@/lib/contract/resource-values";
import { formatSize } from "@/lib/format/size";
import type { Say } from "@/lib/i18n/say";

interface Shown {
  type?: string | null;
  category?: string | null;
  attachment?: { file_name?: string; byte_size?: number } | null;
  practitioner_id?: string | null;
}

const known = (list: readonly string[], value: string) => list.includes(value);

/** The type in the reader's language; a type the app does not know, as the platform wrote it. */
export const typeLabel = (r: Shown, say: Say): string | null =>
  r.type ? (known(RESOURCE_TYPES, r.type) ? say(`resources.types.${r.type}`) : r.type) : null;

export const categoryLabel = (r: Shown, say: Say): string | null =>
  r.category ? (known(RESOURCE_CATEGORIES, r.category) ? say(`resources.categories.${r.category}`) : r.category) : null;

/** The file's name and size as far as the record tells them (neither is documented). */
export function fileFacts(r: Shown, locale: string): { name: string | null; size: string | null } {
  const name = r.attachment?.file_name || null;
  const bytes = r.attachment?.byte_size;
  return { name, size: typeof bytes === "number" ? formatSize(bytes, locale) : null };
}

/**
 * Whether the practitioner owns the resource (and may change it). A record without an owner is
 * taken as the practitioner's own: it came in the practitioner's own list, and the platform refuses
 * a change a practitioner may not make.
 */
export const isOwnResource = (r: Shown, practitionerId: string | undefined): boolean =>
  r.practitioner_id == null || r.practitioner_id === practitionerId;
