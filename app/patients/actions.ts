"use server";
// The patients list for the browser: the caller's clinic's patients as the platform pages them
// (page size up to 100), searched by name or email. Checks the caller's role itself; the caller's
// own platform connection scopes the list to their clinic.
import { requireRole } from "@/lib/auth";
import type { Patient } from "@/lib/contract";
import { RESOURCE_ROLES, clientFor } from "@/lib/resources/actor";
import { platformFailure } from "@/lib/resources/failure";
import { fieldErrorsOf, PatientPageQuerySchema } from "@/lib/resources/fields";
import type { ListPage } from "@/lib/resources/list-filter";
import { failed, type ActionResult } from "@/lib/resources/result";
import { auditPatientSearch } from "@/lib/audit/patient-search";

export async function loadPatients(query: unknown): Promise<ActionResult<ListPage<Patient>>> {
  const caller = await requireRole(...RESOURCE_ROLES);
  const parsed = PatientPageQuerySchema.safeParse(query);
  if (!parsed.success) return failed("The search is not valid.", fieldErrorsOf(parsed.error.issues));
  const platform = await clientFor(caller);
  if (!platform.ok) return { ok: false, ...platform.failure };
  try {
    const page = await platform.client.patients(
      { number: parsed.data.page, size: parsed.data.size },
      parsed.data.q || undefined,
    );
    await auditPatientSearch(caller, parsed.data.q, page);
    return { ok: true, data: page };
  } catch (error) {
    return { ok: false, ...platformFailure(error).failure };
  }
}
