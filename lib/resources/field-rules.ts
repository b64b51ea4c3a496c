// The rules of the resource forms' fields (upload, edit) as plain values and one plain check, so the
// browser can check a form before sending it without shipping zod. The server validates with the
// zod schemas of lib/resources/fields.ts, built from these same values; a test holds the two to the
// same answers.
import { hasBidiControl } from "@/lib/bidi";
import {
  RESOURCE_CATEGORIES,
  RESOURCE_TYPES,
  type ResourceCategory,
  type ResourceType,
} from "@/lib/contract/resource-values";

export const RESOURCE_NAME_MAX = 255;
/** A name is one line of text; control characters (NUL, escape sequences, line breaks) only corrupt it. */
export const RESOURCE_NAME_PATTERN = /^\P{Cc}*$/u;
/** Platform ids as they travel in URLs and forms: short, no spaces or slashes. */
export const PLATFORM_ID_MAX = 100;
export const PLATFORM_ID_PATTERN = /^[A-Za-z0-9_.:-]+$/;
export const SAVE_TO_LIBRARY = ["true", "false"] as const;

/** Catalog keys of what the checks say. */
export const FIELD_MESSAGES = {
  nameRequired: "resources.actions.nameRequired",
  nameTooLong: "resources.actions.nameTooLong",
  nameControl: "resources.actions.nameControl",
  nameBidi: "resources.actions.nameBidi",
  chooseType: "resources.actions.chooseType",
  chooseCategory: "resources.actions.chooseCategory",
  choosePlan: "resources.actions.choosePlan",
  chooseSave: "resources.actions.chooseSave",
} as const;

/** What the forms hold: selects send "" for "none". */
export type ResourceEdit = {
  name: string;
  type?: "" | ResourceType;
  category?: "" | ResourceCategory;
  treatment_plan_id?: string;
  save_to_library: (typeof SAVE_TO_LIBRARY)[number];
};

const oneOf = (list: readonly string[], value: unknown) => typeof value === "string" && list.includes(value);

/** Whether `value` is a platform id (trimmed first, as the schema does). */
export function isPlatformId(value: string): boolean {
  const id = value.trim();
  return id.length >= 1 && id.length <= PLATFORM_ID_MAX && PLATFORM_ID_PATTERN.test(id);
}

/** The form's problems per field, as catalog keys (empty when the fields are fine). */
export function checkResourceFields(fields: Record<string, unknown>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const { name, type, category, treatment_plan_id: plan, save_to_library: save } = fields;
  if (typeof name !== "string") add("name", FIELD_MESSAGES.nameRequired);
  else {
    const trimmed = name.trim();
    if (trimmed.length < 1) add("name", FIELD_MESSAGES.nameRequired);
    if (trimmed.length > RESOURCE_NAME_MAX) add("name", FIELD_MESSAGES.nameTooLong);
    if (!RESOURCE_NAME_PATTERN.test(trimmed)) add("name", FIELD_MESSAGES.nameControl);
    if (hasBidiControl(trimmed)) add("name", FIELD_MESSAGES.nameBidi);
  }
  if (type !== undefined && !oneOf(["", ...RESOURCE_TYPES], type)) add("type", FIELD_MESSAGES.chooseType);
  if (category !== undefined && !oneOf(["", ...RESOURCE_CATEGORIES], category))
    add("category", FIELD_MESSAGES.chooseCategory);
  if (plan !== undefined && plan !== "" && !(typeof plan === "string" && isPlatformId(plan)))
    add("treatment_plan_id", FIELD_MESSAGES.choosePlan);
  if (!oneOf(SAVE_TO_LIBRARY, save)) add("save_to_library", FIELD_MESSAGES.chooseSave);
  return errors;
}
