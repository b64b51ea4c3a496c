// Resolves who an action or the upload route acts for, after the caller's role was checked: the
// practitioner whose resources are touched (lib/resources/acting.ts) and a platform client of the
// caller. Another practitioner, or a practitioner of another clinic, answers like a missing one.
import "server-only";
import type { Caller } from "@/lib/auth";
import { clientForUser } from "@/lib/auth/platform-client";
import type { ClinicClient } from "@/lib/clinic-api/client";
import type { AppRole } from "@/lib/auth/roles";
import { actingRule } from "@/lib/resources/acting";
import { platformFailure } from "@/lib/resources/failure";
import { isClinicPractitioner } from "@/lib/resources/practitioners";
import type { Failure } from "@/lib/resources/result";

/** Who may open the library and the patients: practitioners, and staff acting for one. */
export const RESOURCE_ROLES: readonly AppRole[] = ["Practitioner", "Staff"];

export type Acting =
  { ok: true; client: ClinicClient; practitionerId: string } | { ok: false; status: number; failure: Failure };

const refuse = (status: number, message: string): Acting => ({ ok: false, status, failure: { message, errors: {} } });

export async function actFor(caller: Caller, requested: string | undefined): Promise<Acting> {
  const rule = actingRule(caller.user, requested);
  if (rule.kind === "deny") return refuse(404, "You can only work on your own resources.");
  if (rule.kind === "choose") return refuse(400, "Pick the practitioner you are acting for first.");
  try {
    const client = await clientForUser(caller.user.id);
    if (rule.kind === "check-clinic" && !(await isClinicPractitioner(caller.clinicId, client, rule.practitionerId))) {
      return refuse(404, "There is no such practitioner in your clinic.");
    }
    return { ok: true, client, practitionerId: rule.practitionerId };
  } catch (error) {
    return { ok: false, ...platformFailure(error) };
  }
}

/** A platform client for the caller (patients, service resources: no practitioner involved). */
export async function clientFor(
  caller: Caller,
): Promise<{ ok: true; client: ClinicClient } | { ok: false; status: number; failure: Failure }> {
  try {
    return { ok: true, client: await clientForUser(caller.user.id) };
  } catch (error) {
    return { ok: false, ...platformFailure(error) };
  }
}
