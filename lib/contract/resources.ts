// Practitioner resources (spec 2.2, 4.2) and service-provided resources.
// How the file travels (the spec only says `attachment` is "the file being uploaded" in a JSON body):
// `attachment` is a base64 data URI (`data:<mime>;base64,<bytes>`) and `attachment_filename` carries
// the file's name. The platform checks the type by the file's content, and the name's extension must agree.
import { z } from "zod";
import { TimestampSchema } from "./common";
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

export const ResourceFileSchema = z.object({
  file_name: z.string(),
  content_type: z.string(),
  byte_size: z.number().int().min(0),
  /** Download address of the file (unguessable; no Authorization needed). */
  url: z.url(),
});
export type ResourceFile = z.infer<typeof ResourceFileSchema>;

/** Practitioner resource record (spec: "not shown"; this is the sandbox's design). */
export const ResourceRecordSchema = z.object({
  id: z.string(),
  practitioner_id: z.string(),
  name: z.string(),
  type: ResourceTypeSchema.nullable(),
  category: ResourceCategorySchema.nullable(),
  treatment_plan_id: z.string().nullable(),
  save_to_library: z.boolean(),
  /** Practitioner ids the owner shared the resource with. */
  shared_with_practitioner_ids: z.array(z.string()).optional(),
  attachment: ResourceFileSchema,
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});
export type ResourceRecord = z.infer<typeof ResourceRecordSchema>;

export const ResourceResponseSchema = z.object({ resource: ResourceRecordSchema });
export type ResourceResponse = z.infer<typeof ResourceResponseSchema>;

/** Service-provided resource (GET /api/clinic/service_resources). */
export const ServiceResourceRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  type: ResourceTypeSchema.nullable(),
  category: ResourceCategorySchema.nullable(),
  attachment: ResourceFileSchema,
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});
export type ServiceResourceRecord = z.infer<typeof ServiceResourceRecordSchema>;
