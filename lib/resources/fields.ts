// What the resource forms send (upload, edit) and the library's list query, as zod schemas shared
// by the browser form and the server: one source for the rules and for the types. Not server-only.
import { z } from "zod";
import {
  MAX_PAGE_SIZE,
  ResourceCategorySchema,
  ResourceTypeSchema,
  type ResourceCreateInput,
  type ResourceUpdateInput,
} from "@/lib/contract";

/** Platform ids as they travel in URLs and forms: short, no spaces or slashes. */
export const PlatformIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.:-]+$/, "is not a valid id");

const name = z
  .string()
  .trim()
  .min(1, "resources.actions.nameRequired")
  .max(255, "resources.actions.nameTooLong")
  // A name is one line of text; control characters (NUL, escape sequences, line breaks) only corrupt it.
  .regex(/^\P{Cc}*$/u, "resources.actions.nameControl");
/** Selects send "" for "none". */
const blank = z.literal("");
const saveToLibrary = z.enum(["true", "false"], "resources.actions.chooseSave");

/** Upload: the fields of one file (spec 2.2 minus the attachment, which travels as the file). */
export const ResourceFieldsSchema = z.object({
  name,
  type: z.union([blank, ResourceTypeSchema], "resources.actions.chooseType").optional(),
  category: z.union([blank, ResourceCategorySchema], "resources.actions.chooseCategory").optional(),
  treatment_plan_id: z.union([blank, PlatformIdSchema]).optional(),
  save_to_library: saveToLibrary,
});
export type ResourceFields = z.input<typeof ResourceFieldsSchema>;

export function toCreateInput(
  fields: z.output<typeof ResourceFieldsSchema>,
  attachment: string,
  fileName: string,
): ResourceCreateInput {
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
export type ResourceEdit = z.input<typeof ResourceEditSchema>;

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
