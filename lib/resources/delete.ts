// Deleting a resource: one spec and one piece of work for both ways a page asks for it, the
// library's server action and DELETE /api/resources/[id]. The route is for a page being left: a
// server action is posted to the page the browser is on, and once it has moved on that page has no
// such action, while a plain request (sent with keepalive) still reaches its route.
import "server-only";
import { z } from "zod";
import type { ActionSpec, Work } from "@/lib/actions/builder";
import { succeeded } from "@/lib/results/result";
import { SECTIONS } from "@/lib/auth/sections";
import { auditResource } from "@/lib/audit/resource-entry";
import { RESOURCE_WORDING, actFor } from "@/lib/resources/actor";
import { PlatformIdSchema } from "@/lib/resources/fields";

export const ResourceTargetSchema = z.object({
  practitionerId: PlatformIdSchema.optional(),
  resourceId: PlatformIdSchema,
});

export const DELETE_RESOURCE: ActionSpec<typeof ResourceTargetSchema> = {
  name: "resources.delete",
  roles: SECTIONS.resources.roles,
  input: ResourceTargetSchema,
  wording: RESOURCE_WORDING,
};

export const deleteResourceWork: Work<typeof ResourceTargetSchema, { id: string }> = async ({ caller, input }) => {
  const { client, practitionerId } = await actFor(caller, input.practitionerId);
  const { resource } = await client.resources.delete(practitionerId, input.resourceId);
  await auditResource(caller, "resource.deleted", input.resourceId, practitionerId, resource);
  return succeeded({ id: input.resourceId });
};
