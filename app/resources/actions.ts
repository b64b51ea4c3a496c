"use server";
// The library's data for the browser. Each action checks the caller's role and whose resources it
// touches itself (an action is a public POST endpoint): a practitioner only their own, staff only a
// practitioner of their clinic. The platform is the source of truth; nothing is stored here.
import { requireRole } from "@/lib/auth";
import type { ResourceRecord, ServiceResourceRecord } from "@/lib/contract";
import { RESOURCE_ROLES, actFor, clientFor } from "@/lib/resources/actor";
import { platformFailure } from "@/lib/resources/failure";
import {
  fieldErrorsOf,
  PlatformIdSchema,
  ResourceEditSchema,
  ResourceListQuerySchema,
  toUpdateInput,
} from "@/lib/resources/fields";
import { filteredPage } from "@/lib/resources/list";
import type { ListPage } from "@/lib/resources/list-filter";
import { clinicPractitioners, type PractitionerOption } from "@/lib/resources/practitioners";
import { failed, type ActionResult } from "@/lib/resources/result";
import { treatmentPlanOptions, type TreatmentPlanOption } from "@/lib/resources/treatment-plans";
import { auditResource } from "@/lib/audit/resource-entry";

const fail = (error: unknown): ActionResult<never> => ({ ok: false, ...platformFailure(error).failure });

export async function loadResources(query: unknown): Promise<ActionResult<ListPage<ResourceRecord>>> {
  const caller = await requireRole(...RESOURCE_ROLES);
  const parsed = ResourceListQuerySchema.safeParse(query);
  if (!parsed.success) return failed("Some filters are not valid.", fieldErrorsOf(parsed.error.issues));
  const acting = await actFor(caller, parsed.data.practitionerId);
  if (!acting.ok) return { ok: false, ...acting.failure };
  try {
    return {
      ok: true,
      data: await filteredPage((page) => acting.client.resources.list(acting.practitionerId, page), parsed.data),
    };
  } catch (error) {
    return fail(error);
  }
}

export async function loadServiceResources(query: unknown): Promise<ActionResult<ListPage<ServiceResourceRecord>>> {
  const caller = await requireRole(...RESOURCE_ROLES);
  const parsed = ResourceListQuerySchema.safeParse(query);
  if (!parsed.success) return failed("Some filters are not valid.", fieldErrorsOf(parsed.error.issues));
  const platform = await clientFor(caller);
  if (!platform.ok) return { ok: false, ...platform.failure };
  try {
    return { ok: true, data: await filteredPage((page) => platform.client.resources.listService(page), parsed.data) };
  } catch (error) {
    return fail(error);
  }
}

/** Staff only: the practitioners of their clinic they may act for. */
export async function loadPractitioners(): Promise<ActionResult<PractitionerOption[]>> {
  const caller = await requireRole("Staff");
  const platform = await clientFor(caller);
  if (!platform.ok) return { ok: false, ...platform.failure };
  try {
    return { ok: true, data: await clinicPractitioners(caller.clinicId, platform.client) };
  } catch (error) {
    return fail(error);
  }
}

export async function loadTreatmentPlans(practitionerId: unknown): Promise<ActionResult<TreatmentPlanOption[]>> {
  const caller = await requireRole(...RESOURCE_ROLES);
  const id = practitionerId === undefined ? undefined : PlatformIdSchema.safeParse(practitionerId);
  if (id && !id.success) return failed("There is no such practitioner in your clinic.");
  const acting = await actFor(caller, id?.data);
  if (!acting.ok) return { ok: false, ...acting.failure };
  try {
    return { ok: true, data: await treatmentPlanOptions(acting.client, acting.practitionerId) };
  } catch (error) {
    return fail(error);
  }
}

export async function updateResourceDetails(
  practitionerId: unknown,
  resourceId: unknown,
  fields: unknown,
): Promise<ActionResult<ResourceRecord>> {
  const caller = await requireRole(...RESOURCE_ROLES);
  const ids = {
    practitioner: practitionerId === undefined ? undefined : PlatformIdSchema.safeParse(practitionerId),
    resource: PlatformIdSchema.safeParse(resourceId),
  };
  if ((ids.practitioner && !ids.practitioner.success) || !ids.resource.success)
    return failed("There is no such resource.");
  const parsed = ResourceEditSchema.safeParse(fields);
  if (!parsed.success) return failed("Some fields need your attention.", fieldErrorsOf(parsed.error.issues));
  const acting = await actFor(caller, ids.practitioner?.data);
  if (!acting.ok) return { ok: false, ...acting.failure };
  try {
    const resource = await acting.client.resources.update(
      acting.practitionerId,
      ids.resource.data,
      toUpdateInput(parsed.data),
    );
    await auditResource(caller, "resource.edited", resource.id, acting.practitionerId, resource);
    return { ok: true, data: resource };
  } catch (error) {
    return fail(error);
  }
}

export async function deleteResource(
  practitionerId: unknown,
  resourceId: unknown,
): Promise<ActionResult<{ id: string }>> {
  const caller = await requireRole(...RESOURCE_ROLES);
  const ids = {
    practitioner: practitionerId === undefined ? undefined : PlatformIdSchema.safeParse(practitionerId),
    resource: PlatformIdSchema.safeParse(resourceId),
  };
  if ((ids.practitioner && !ids.practitioner.success) || !ids.resource.success)
    return failed("There is no such resource.");
  const acting = await actFor(caller, ids.practitioner?.data);
  if (!acting.ok) return { ok: false, ...acting.failure };
  try {
    const { resource } = await acting.client.resources.delete(acting.practitionerId, ids.resource.data);
    await auditResource(caller, "resource.deleted", ids.resource.data, acting.practitionerId, resource);
    return { ok: true, data: { id: ids.resource.data } };
  } catch (error) {
    return fail(error);
  }
}
