// A resource change as an audit entry: the resource's id and fields as the platform now holds them,
// and its file by name, type and size. Never the file's content, and never its download link (an
// unguessable address is as good as a password to the file).
import "server-only";
import type { ResourceRecord } from "@/lib/contract";
import type { Caller } from "@/lib/people/caller";
import { recordAudit } from "@/lib/audit/record";
import type { AuditAction } from "@/lib/audit/actions";

type ResourceAction = Extract<AuditAction, `resource.${string}`>;

export function resourceDetails(resource: ResourceRecord): Record<string, unknown> {
  return {
    practitionerId: resource.practitioner_id,
    name: resource.name,
    type: resource.type,
    category: resource.category,
    treatmentPlanId: resource.treatment_plan_id,
    saveToLibrary: resource.save_to_library,
    // The file's details where the platform gave them (the documented record has none).
    file: resource.attachment
      ? {
          name: resource.attachment.file_name,
          contentType: resource.attachment.content_type,
          bytes: resource.attachment.byte_size,
        }
      : undefined,
  };
}

/** One entry for a resource created, edited, given a new file or deleted (`resource` as the platform answered). */
export function auditResource(
  caller: Caller,
  action: ResourceAction,
  resourceId: string,
  practitionerId: string,
  resource: ResourceRecord | undefined,
): Promise<void> {
  return recordAudit({
    clinicId: caller.clinicId,
    actorUserId: caller.user.id,
    action,
    target: { type: "resource", id: resourceId },
    // The record may not name its owner (the documented one does not): the practitioner acted for does.
    details: resource
      ? { ...resourceDetails(resource), practitionerId: resource.practitioner_id ?? practitionerId }
      : { practitionerId },
  });
}
