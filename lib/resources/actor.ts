// Resolves who an action or the upload route acts for, once the caller's role was checked: the
// practitioner whose resources are touched (lib/resources/acting.ts) and a platform client of the
// caller. Another practitioner, or a practitioner of another clinic, answers like a missing one.
// Refusals are thrown as ActionError (the action builder and the upload route answer with them).
import "server-only";
import type { Caller } from "@/lib/auth";
import { clientForUser } from "@/lib/auth/platform-client";
import type { ClinicClient } from "@/lib/clinic-api/client";
import { ActionError } from "@/lib/results/action-error";
import { failure, notFound } from "@/lib/results/result";
import { actingRule } from "@/lib/resources/acting";
import { isClinicPractitioner } from "@/lib/resources/practitioners";

export const ONLY_OWN = "resources.actions.onlyOwn";
export const PICK_PRACTITIONER = "resources.actions.pickPractitioner";

/** What a platform 404 on a resource call is about, for the person who made it. */
export const RESOURCE_WORDING = { notFound: "resourceOrPractitioner" } as const;

export interface Acting {
  client: ClinicClient;
  practitionerId: string;
}

export async function actFor(caller: Caller, requested: string | undefined): Promise<Acting> {
  const rule = actingRule(caller.user, requested);
  if (rule.kind === "deny") throw new ActionError(failure("not-found", ONLY_OWN));
  if (rule.kind === "choose")
    throw new ActionError(failure("invalid", PICK_PRACTITIONER, { errors: { practitionerId: [PICK_PRACTITIONER] } }));
  const client = await clientForUser(caller.user.id);
  if (rule.kind === "check-clinic" && !(await isClinicPractitioner(caller.clinicId, client, rule.practitionerId)))
    throw new ActionError(notFound("practitioner"));
  return { client, practitionerId: rule.practitionerId };
}
