// Practitioner resources (spec 2.2, 4.2) and service-provided resources.
// How the file travels (the spec only says `attachment` is "the file being uploaded" in a JSON body):
// `attachment` is a base64 data URI (`data:<mime>;base64,<bytes>`) and `attachment_filename` carries
// the file's name. The platform checks the type by the file's content, and the name's extension must agree.
import { z } from "zod";
import { TimestampSchema, wrappedOrBare } from "./common";
import { RESOURCE_CATEGORIES, RESOURCE_TYPES } from "./resource-values";

export * from "./resource-values";

export const ResourceTypeSchema = z.enum(RESOURCE_TYPES);
export const ResourceCategorySchema = z.enum(RESOURCE_CATEGORIES);

/** save_to_library is a string holding a boolean (spec 2.2). */
export const SaveToLibrarySchema = z.enum(["true", "false"]);

/** Create body (spec 2.2). Content checks of the attachment happen on the server. */
export const ResourceCreateInputSchema = z.object({
  name: z.string().trim().min(1).max(255),
  type: ResourceTypeSchema.optional(),
  category: ResourceCategorySchema.optional(),
  attachment: z.string().min(1),
  attachment_filename: z.string().trim().min(1).max(255),
  treatment_plan_id: z.string().min(1).optional(),
  save_to_library: SaveToLibrarySchema,
});
export type ResourceCreateInput = z.infer<typeof ResourceCreateInputSchema>;

/**
 * Update body (PUT; the spec does not list its fields): any of the create fields; `attachment`
 * replaces the file and then needs `attachment_filename`. `type`, `category` and
 * `treatment_plan_id` may be null to clear them.
 */
export const ResourceUpdateInputSchema = z.object({
  name: z.string().trim().min(1).max(255).optional(),
  type: ResourceTypeSchema.nullable().optional(),
  category: ResourceCategorySchema.nullable().optional(),
  attachment: z.string().min(1).optional(),
  attachment_filename: z.string().trim().min(1).max(255).optional(),
  treatment_plan_id: z.string().min(1).nullable().optional(),
  save_to_library: SaveToLibrarySchema.optional(),
});
export type ResourceUpdateInput = z.infer<typeof ResourceUpdateInputSchema>;

/** The file's details the sandbox adds beside `attachment_url`; none of them is documented. */
export const ResourceFileSchema = z.looseObject({
  file_name: z.string().optional(),
  content_type: z.string().optional(),
  byte_size: z.number().int().min(0).optional(),
  /** Download address of the file (unguessable; no Authorization needed). */
  url: z.string().optional(),
});
export type ResourceFile = z.infer<typeof ResourceFileSchema>;

/**
 * The resource record the platform documents (inside treatment plans): `{id, attachment_url, category,
 * name, type}`. Only these are required; `type` and `category` may be null (both are optional on
 * upload) and any string (a value added on the platform's side must not make a list unreadable).
 * Everything else is the sandbox's and optional; unknown keys are kept.
 */
export const DocumentedResourceSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  /** Where the file is downloaded; an unguessable address, as good as a password to the file. */
  attachment_url: z.string(),
  type: z.string().nullable(),
  category: z.string().nullable(),
});

/** Practitioner resource record: the documented fields, then the sandbox's, all optional. */
export const ResourceRecordSchema = DocumentedResourceSchema.extend({
  practitioner_id: z.string().nullable().optional(),
  treatment_plan_id: z.string().nullable().optional(),
  save_to_library: z.boolean().nullable().optional(),
  /** Practitioner ids the owner shared the resource with. */
  shared_with_practitioner_ids: z.array(z.string()).optional(),
  attachment: ResourceFileSchema.nullable().optional(),
  created_at: TimestampSchema.nullable().optional(),
  updated_at: TimestampSchema.nullable().optional(),
});
export type ResourceRecord = z.infer<typeof ResourceRecordSchema>;

/** Create, retrieve and update answer the record under `resource` or bare (neither is shown). */
export const ResourceResponseSchema = wrappedOrBare("resource", ResourceRecordSchema);
export type ResourceResponse = z.infer<typeof ResourceResponseSchema>;

/** Service-provided resource (GET /api/clinic/service_resources): documented fields, the rest optional. */
export const ServiceResourceRecordSchema = DocumentedResourceSchema.extend({
  description: z.string().nullable().optional(),
  attachment: ResourceFileSchema.nullable().optional(),
  created_at: TimestampSchema.nullable().optional(),
  updated_at: TimestampSchema.nullable().optional(),
});
export type ServiceResourceRecord = z.infer<typeof ServiceResourceRecordSchema>;
