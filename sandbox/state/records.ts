// The records the sandbox emits, exactly (strict: no key more, none less). The app reads the
// platform's answers through lib/contract's tolerant schemas (documented fields required, the rest
// optional, unknown keys kept); these say what the sandbox itself promises, so that its conformance
// tests hold it to one shape. Each is also a valid record of the app's schema (checked below).
import { z } from "zod";
import {
  PaginationMetaSchema,
  ResourceCategorySchema,
  ResourceTypeSchema,
  TimestampSchema,
  type Clinic,
  type ResourceRecord,
  type ServiceResourceRecord,
} from "@/lib/contract";

const FileSchema = z.strictObject({
  file_name: z.string(),
  content_type: z.string(),
  byte_size: z.number().int().min(0),
  url: z.url(),
});

/** The documented five, then the sandbox's own fields. */
export const SandboxResourceRecordSchema = z.strictObject({
  id: z.string(),
  attachment_url: z.url(),
  name: z.string(),
  type: ResourceTypeSchema.nullable(),
  category: ResourceCategorySchema.nullable(),
  practitioner_id: z.string(),
  treatment_plan_id: z.string().nullable(),
  save_to_library: z.boolean(),
  shared_with_practitioner_ids: z.array(z.string()),
  attachment: FileSchema,
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});
export type SandboxResourceRecord = z.infer<typeof SandboxResourceRecordSchema>;
export const SandboxResourceResponseSchema = z.strictObject({ resource: SandboxResourceRecordSchema });
export const SandboxResourceListResponseSchema = z.strictObject({
  resources: z.array(SandboxResourceRecordSchema),
  meta: PaginationMetaSchema,
});

export const SandboxServiceResourceRecordSchema = z.strictObject({
  id: z.string(),
  attachment_url: z.url(),
  name: z.string(),
  description: z.string().nullable(),
  type: ResourceTypeSchema.nullable(),
  category: ResourceCategorySchema.nullable(),
  attachment: FileSchema,
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});
export type SandboxServiceResourceRecord = z.infer<typeof SandboxServiceResourceRecordSchema>;
export const SandboxServiceResourceListResponseSchema = z.strictObject({
  service_resources: z.array(SandboxServiceResourceRecordSchema),
  meta: PaginationMetaSchema,
});

/** The documented clinic fields, and where the integration stands (the sandbox's extension). */
export const SandboxClinicSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  patient_count: z.number().int().min(0),
  practitioner_count: z.number().int().min(0),
  discount: z.number(),
  dispensary_url: z.url(),
  integration_id: z.string(),
  integration_activated_at: TimestampSchema.nullable(),
  margin_type: z.string(),
  integration_status: z.enum(["not_activated", "activated", "revoked"]),
});
export type SandboxClinic = z.infer<typeof SandboxClinicSchema>;
export const SandboxClinicResponseSchema = z.strictObject({ clinic: SandboxClinicSchema });

// What the sandbox emits must read as the app's records: a compile-time check, no runtime cost.
type Assignable<T extends U, U> = T;
export type Checks = [
  Assignable<SandboxResourceRecord, ResourceRecord>,
  Assignable<SandboxServiceResourceRecord, ServiceResourceRecord>,
  Assignable<SandboxClinic, Clinic>,
];
