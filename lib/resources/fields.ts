// What the resource forms send (upload, edit) and the library's list query, as the zod schemas the
// server validates with. Their rules and messages come from lib/resources/field-rules.ts, which the
// browser's forms check with (without zod).
import { z } from "zod";
import { hasBidiControl } from "@/lib/bidi";
import {
  MAX_PAGE_SIZE,
  ResourceCategorySchema,
  ResourceTypeSchema,
  type ResourceCreateInput,
  type ResourceUpdateInput,
} from "@/lib/contract";
import {
  FIELD_MESSAGES,
  PLATFORM_ID_MAX,
  PLATFORM_ID_PATTERN,
  RESOURCE_NAME_MAX,
  RESOURCE_NAME_PATTERN,
  isPlatformId,
  SAVE_TO_LIBRARY,
  type ResourceEdit,
} from "@/lib/resources/field-rules";

type SameType<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** Platform ids as they travel in URLs and forms: short, no spaces or slashes. */
export const PlatformIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(PLATFORM_ID_MAX)
  .regex(PLATFORM_ID_PATTERN, "is not a valid id");

const name = z
  .string(FIELD_MESSAGES.nameRequired)
  .trim()
  .min(1, FIELD_MESSAGES.nameRequired)
  .max(RESOURCE_NAME_MAX, FIELD_MESSAGES.nameTooLong)
  .regex(RESOURCE_NAME_PATTERN, FIELD_MESSAGES.nameControl)
  .refine((n) => !hasBidiControl(n), FIELD_MESSAGES.nameBidi);
/** Selects send "" for "none". */
const blank = z.literal("");
const saveToLibrary = z.enum(SAVE_TO_LIBRARY, FIELD_MESSAGES.chooseSave);

/** Upload: the fields of one file (spec 2.2 minus the attachment, which travels as the file). */
export const ResourceFieldsSchema = z.object({
  name,
  type: z.union([blank, ResourceTypeSchema], FIELD_MESSAGES.chooseType).optional(),
  category: z.union([blank, ResourceCategorySchema], FIELD_MESSAGES.chooseCategory).optional(),
  treatment_plan_id: z
    .union([blank, z.string().trim().refine(isPlatformId, FIELD_MESSAGES.choosePlan)], FIELD_MESSAGES.choosePlan)
    .optional(),
  save_to_library: saveToLibrary,
});
export type ResourceFields = z.input<typeof ResourceFieldsSchema>;

export function toCreateInput<A extends string | { toJSON(): string }>(
  fields: z.output<typeof ResourceFieldsSchema>,
  attachment: A,
  fileName: string,
): Omit<ResourceCreateInput, "attachment"> & { attachment: A } {
  return {
    name: fields.name,
    type: fields.type || undefined,
    category: fields.category || undefined,
    treatment_plan_id: fields.treatment_plan_id || undefined,
    save_to_library: fields.save_to_library,
    attachment,
    attachment_filename: fileName,
  };
}

/** Edit: every field is sent; "" clears type, category or treatment plan. */
export const ResourceEditSchema = ResourceFieldsSchema;
export type { ResourceEdit };
// The browser's form type (lib/resources/field-rules.ts) is what the schema takes, no more, no less.
true satisfies SameType<ResourceEdit, z.input<typeof ResourceEditSchema>>;

export function toUpdateInput(fields: z.output<typeof ResourceEditSchema>): ResourceUpdateInput {
  return {
    name: fields.name,
    type: fields.type || null,
    category: fields.category || null,
    treatment_plan_id: fields.treatment_plan_id || null,
    save_to_library: fields.save_to_library,
  };
}

const pageNumber = z.coerce.number().int().min(1).max(1_000_000);

/** The library's list: a page of the practitioner's (or the platform's) resources, filtered. */
export const ResourceListQuerySchema = z.object({
  practitionerId: PlatformIdSchema.optional(),
  page: pageNumber.default(1),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(25),
  type: ResourceTypeSchema.optional(),
  category: ResourceCategorySchema.optional(),
  q: z.string().trim().max(100).optional(),
});
export type ResourceListQuery = z.input<typeof ResourceListQuerySchema>;
export type ResourceListFilter = Pick<z.output<typeof ResourceListQuerySchema>, "type" | "category" | "q">;

export const PatientPageQuerySchema = z.object({
  page: pageNumber.default(1),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(25),
  q: z.string().trim().max(200).optional(),
});
export type PatientPageQuery = z.input<typeof PatientPageQuerySchema>;
