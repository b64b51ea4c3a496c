// Builds API shapes (lib/contract) from state rows, applying the account's patch_version.
import type {
  ClinicKeyInfo,
  EventRecord,
  LabOrder,
  Order,
  PatchVersion,
  Practitioner,
  Patient,
  Product,
  SessionGrant,
  TreatmentPlan,
  WebhookDelivery,
} from "@/lib/contract";
import type { SandboxClinic, SandboxResourceRecord, SandboxServiceResourceRecord } from "./records";
import type { SandboxState } from "./store";
import { namesNoClinic, variantIdOf } from "../events/payloads";
import type * as T from "./types";

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

export function patientRecord(p: T.PatientRow, version: PatchVersion): Patient {
  const base: Patient = {
    id: p.id,
    first_name: p.firstName,
    last_name: p.lastName,
    email: p.email,
    date_of_birth: p.dateOfBirth,
    practitioner_id: p.practitionerId,
    emancipated_at: isoOrNull(p.emancipatedAt),
    created_at: iso(p.createdAt),
    updated_at: iso(p.updatedAt),
    // Documented fields, for the patients created through the API (the others never had them).
    ...(p.gender !== undefined && { gender: p.gender }),
    ...(p.mobileNumber !== undefined && { mobile_number: p.mobileNumber }),
    ...(p.discount !== undefined && { discount: p.discount, total_discount: p.discount }),
  };
  return version === "sandbox-extras" ? { ...base, full_name: `${p.firstName} ${p.lastName}` } : base;
}

export function personRecord(u: T.UserRow): Practitioner {
  return { id: u.id, first_name: u.firstName, last_name: u.lastName, email: u.email };
}

export function treatmentPlanRecord(s: SandboxState, t: T.TreatmentPlanRow): TreatmentPlan {
  return {
    id: t.id,
    patient_id: t.patientId,
    practitioner_id: t.practitionerId,
    state: t.state,
    recommendations: t.recommendations.map((r) => ({
      id: r.id,
      product_id: r.productId,
      product_name: s.products.get(r.productId)?.name ?? "Unknown product",
      variant_id: variantIdOf(r.productId),
      dosage: r.dosage,
    })),
    lab_recommendations: t.labRecommendations.map((l) => ({ id: l.id, test_name: l.testName })),
    created_at: iso(t.createdAt),
    updated_at: iso(t.updatedAt),
  };
}

export function productRecord(p: T.ProductRow): Product {
  return {
    id: p.id,
    name: p.name,
    brand: p.brand,
    description: p.description,
    created_at: iso(p.createdAt),
    updated_at: iso(p.updatedAt),
  };
}

export function orderRecord(o: T.OrderRow): Order {
  return {
    id: o.id,
    patient_id: o.patientId,
    total_cents: o.totalCents,
    placed_at: iso(o.placedAt),
    line_items: o.lineItems.map((l) => ({
      variant_id: variantIdOf(l.productId),
      quantity: l.quantity,
      type: "supplement",
    })),
  };
}

export function labOrderRecord(l: T.LabOrderRow): LabOrder {
  return { id: l.id, patient_id: l.patientId, test_name: l.testName, status: l.status, updated_at: iso(l.updatedAt) };
}

export function clinicKeyInfo(s: SandboxState, k: T.ClinicKeyRow): ClinicKeyInfo {
  return {
    id: k.id,
    clinic_id: k.clinicId,
    integration_id: s.clinics.get(k.clinicId)?.integrationId ?? null,
    activated_at: isoOrNull(k.activatedAt),
    revoked_at: isoOrNull(k.revokedAt),
  };
}

function fileUrl(s: SandboxState, ownerId: string, f: T.StoredFile): string {
  return `${s.baseUrl}/files/${ownerId}/${f.linkToken}/${encodeURIComponent(f.fileName)}`;
}

export function resourceRecord(s: SandboxState, r: T.ResourceRow): SandboxResourceRecord {
  return {
    id: r.id,
    attachment_url: fileUrl(s, r.id, r.file),
    practitioner_id: r.practitionerId,
    name: r.name,
    type: r.type,
    category: r.category,
    treatment_plan_id: r.treatmentPlanId,
    save_to_library: r.saveToLibrary,
    shared_with_practitioner_ids: [...r.sharedWith],
    attachment: {
      file_name: r.file.fileName,
      content_type: r.file.contentType,
      byte_size: r.file.bytes.length,
      url: fileUrl(s, r.id, r.file),
    },
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  };
}

export function serviceResourceRecord(s: SandboxState, r: T.ServiceResourceRow): SandboxServiceResourceRecord {
  return {
    id: r.id,
    attachment_url: fileUrl(s, r.id, r.file),
    name: r.name,
    description: r.description,
    type: r.type,
    category: r.category,
    attachment: {
      file_name: r.file.fileName,
      content_type: r.file.contentType,
      byte_size: r.file.bytes.length,
      url: fileUrl(s, r.id, r.file),
    },
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  };
}

/** The clinic with the documented fields (spec 4.7 says only "clinic_id and integration_id"). */
export function clinicRecord(s: SandboxState, c: T.ClinicRow): SandboxClinic {
  const key = s.currentKey(c.id);
  return {
    id: c.id,
    name: c.name,
    patient_count: s.patientsOf(c.id).length,
    practitioner_count: s.practitionersOf(c.id).length,
    discount: 0,
    dispensary_url: `${s.baseUrl}/dispensary/${encodeURIComponent(c.id)}`,
    integration_id: c.integrationId,
    integration_activated_at: key && key.revokedAt === null ? isoOrNull(key.activatedAt) : null,
    margin_type: "percentage",
    integration_status: s.integrationStatus(c.id),
  };
}

export function sessionGrantRecord(g: T.SessionGrantRow): SessionGrant {
  return {
    id: g.id,
    claimed_at: isoOrNull(g.claimedAt),
    expires_at: iso(g.expiresAt),
    secret_token: g.secretToken,
    user: { id: g.userId, type: g.userType },
  };
}

/** Event record as the account's patch_version shows it (lists, retrieval and webhooks alike). */
export function eventRecord(e: T.EventRow, version: PatchVersion): EventRecord {
  const base: EventRecord = {
    id: e.id,
    type: e.type,
    // As documented: product.created names no clinic (the sandbox still files it under one).
    ...(!namesNoClinic(e.type) && { clinic_id: e.clinicId }),
    integration_id: e.integrationId,
    created_at: iso(e.createdAt),
    data: e.data,
  };
  if (version !== "sandbox-extras") return base;
  const data: Record<string, unknown> = { ...e.data };
  const patient = data.patient as Record<string, unknown> | undefined;
  if (patient) data.patient = { ...patient, full_name: `${String(patient.first_name)} ${String(patient.last_name)}` };
  if (e.type.endsWith(".updated") && e.previousAttributes) data.previous_attributes = e.previousAttributes;
  return { ...base, data, patch_version: version };
}

export function deliveryRecord(d: T.DeliveryRow): WebhookDelivery {
  return {
    id: d.id,
    event_id: d.eventId,
    event_type: d.eventType,
    clinic_id: d.clinicId,
    url: d.url,
    attempt: d.attempt,
    attempted_at: iso(d.attemptedAt),
    status_code: d.statusCode,
    successfully_delivered: d.successfullyDelivered,
    response_body: d.responseBody,
    error: d.error,
    duration_ms: d.durationMs,
    next_attempt_at: isoOrNull(d.nextAttemptAt),
  };
}
