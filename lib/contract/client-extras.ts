// Shapes the client needs that the rest of the contract does not spell out yet. Kept apart so the
// sandbox's contract files stay theirs; fold into resources.ts when the sandbox settles the answer.
import { z } from "zod";
import { ResourceRecordSchema } from "./resources";

/**
 * DELETE /api/clinic/practitioners/{id}/resources/{id}: the spec does not show the answer. Accepts
 * an empty body (204, or `{}`) or the deleted record under `resource`.
 */
export const ResourceDeleteResponseSchema = z.object({ resource: ResourceRecordSchema.optional() });
export type ResourceDeleteResponse = z.infer<typeof ResourceDeleteResponseSchema>;
