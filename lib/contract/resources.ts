// Practitioner resources (spec 2.2, 4.2) and service-provided resources.
// How the file travels (the spec only says `attachment` is "the file being uploaded" in a JSON body):
// `attachment` is a base64 data URI (`data:<mime>;base64,<bytes>`) and `attachment_filename` carries
// the file's name. The platform checks the type by the file's content, and the name's extension must agree.
import { z } from "zod";
import { TimestampSchema } from "./common";

export const RESOURCE_TYPES = ["Guide", "Handout", "Infographic", "Meal plan", "Workbook"] as const;
export const ResourceTypeSchema = z.enum(RESOURCE_TYPES);
export type ResourceType = z.infer<typeof ResourceTypeSchema>;

export const RESOURCE_CATEGORIES = [
  "Nutrition",
  "Lifestyle",
  "Physical activity",
  "Supplements",
  "Health conditions",
] as const;
export const ResourceCategorySchema = z.enum(RESOURCE_CATEGORIES);
export type ResourceCategory = z.infer<typeof ResourceCategorySchema>;

export const ALLOWED_FILE_EXTENSIONS = ["jpg", "jpeg", "png", "pdf", "doc", "xlsx", "pptx"] as const;
export type AllowedFileExtension = (typeof ALLOWED_FILE_EXTENSIONS)[number];

/** The MIME type the platform records for each allowed extension. */
export const CONTENT_TYPE_BY_EXTENSION: Record<AllowedFileExtension, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  pdf: "application/pdf",
  doc: "application/msword",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
};

/** Largest accepted file (decoded bytes). The real limit is not published; the sandbox uses 10 MiB. */
export const MAX_RESOURCE_FILE_BYTES = 10 * 1024 * 1024;
/** Largest accepted JSON request body: the base64 of the largest file plus room for the other fields. */
export const MAX_REQUEST_BODY_BYTES = Math.ceil((MAX_RESOURCE_FILE_BYTES * 4) / 3) + 64 * 1024;

/** The extension of a file name, lower-cased, or "" when there is none. */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : "";
}

export function isAllowedExtension(ext: string): ext is AllowedFileExtension {
  return (ALLOWED_FILE_EXTENSIONS as readonly string[]).includes(ext);
}

/** Builds the `attachment` value from raw bytes (for clients and tests; works in Node and browsers). */
export function toDataUri(bytes: Uint8Array, contentType: string): string {
  return `data:${contentType};base64,${bytesToBase64(bytes)}`;
}

function bytesToBase64(bytes: Uint8Array): string {
  if (typeof Buffer !== "undefined")
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function base64ToBytes(b64: string): Uint8Array {
  if (typeof Buffer !== "undefined") return Buffer.from(b64, "base64");
  const binary = atob(b64);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

const DATA_URI = /^data:([\w.+-]+\/[\w.+-]+)?(;[\w-]+=[^;,]*)*;base64,([A-Za-z0-9+/=\s]*)$/;

/** Parses a base64 data URI; null when it is not one. */
export function parseDataUri(value: string): { contentType: string | null; bytes: Uint8Array } | null {
  const m = DATA_URI.exec(value);
  if (!m) return null;
  return { contentType: m[1] ?? null, bytes: base64ToBytes(m[3].replace(/\s+/g, "")) };
}

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
