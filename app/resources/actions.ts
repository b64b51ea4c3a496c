"use server";
// The library's data and edits for the browser. Each action declares its roles and input; whose
// resources it touches is resolved by actFor (a practitioner only their own, staff only a
// practitioner of their clinic). The platform is the source of truth; nothing is stored here.
import { z } from "zod";
import { defineAction } from "@/lib/actions/builder";
import { succeeded } from "@/lib/results/result";
import { SECTIONS } from "@/lib/auth/sections";
import { clientForUser } from "@/lib/auth/platform-client";
import { auditResource } from "@/lib/audit/resource-entry";
import { RESOURCE_WORDING, actFor } from "@/lib/resources/actor";
import { PlatformIdSchema, ResourceEditSchema, ResourceListQuerySchema, toUpdateInput } from "@/lib/resources/fields";
import { DELETE_RESOURCE, ResourceTargetSchema, deleteResourceWork } from "@/lib/resources/delete";
import { filteredPage } from "@/lib/resources/list";
import { clinicPractitioners } from "@/lib/resources/practitioners";
import { treatmentPlanOptions } from "@/lib/resources/treatment-plans";

const RESOURCES = SECTIONS.resources.roles;
const ForPractitioner = z.object({ practitionerId: PlatformIdSchema.optional() });

export const loadResources = defineAction(
  { name: "resources.list", roles: RESOURCES, input: ResourceListQuerySchema, wording: RESOURCE_WORDING },
  async ({ caller, input }) => {
    const { client, practitionerId } = await actFor(caller, input.practitionerId);
    return succeeded(await filteredPage((page) => client.resources.list(practitionerId, page), input));
  },
);

export const loadServiceResources = defineAction(
  { name: "resources.list-service", roles: RESOURCES, input: ResourceListQuerySchema },
  async ({ caller, input }) => {
    const client = await clientForUser(caller.user.id);
    return succeeded(await filteredPage((page) => client.resources.listService(page), input));
  },
);

/** Staff only: the practitioners of their clinic they may act for. */
export const loadPractitioners = defineAction(
  { name: "resources.list-practitioners", roles: ["Staff"] },
  async ({ caller }) => succeeded(await clinicPractitioners(caller.clinicId, await clientForUser(caller.user.id))),
);

export const loadTreatmentPlans = defineAction(
  { name: "resources.list-treatment-plans", roles: RESOURCES, input: ForPractitioner, wording: RESOURCE_WORDING },
  async ({ caller, input }) => {
    const { client, practitionerId } = await actFor(caller, input.practitionerId);
    return succeeded(await treatmentPlanOptions(client, practitionerId, caller.clinicId));
  },
);

export const updateResourceDetails = defineAction(
  {
    name: "resources.update",
    roles: RESOURCES,
    input: ResourceEditSchema.extend(ResourceTargetSchema.shape),
    wording: RESOURCE_WORDING,
  },
  async ({ caller, input: { practitionerId: requested, resourceId, ...fields } }) => {
    const { client, practitionerId } = await actFor(caller, requested);
    const resource = await client.resources.update(practitionerId, resourceId, toUpdateInput(fields));
    await auditResource(caller, "resource.edited", resource.id, practitionerId, resource);
    return succeeded(resource);
  },
);

export const deleteResource = defineAction(DELETE_RESOURCE, deleteResourceWork);
