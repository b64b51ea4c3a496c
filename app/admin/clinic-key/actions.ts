"use server";
// The Clinic key tab's actions: enter or replace the key (tried at the platform first, then stored
// sealed), and remove it. Admins only; the key is never sent back to the browser.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { ForbiddenError } from "@/lib/clinic-api/errors";
import { ClinicKeyInputSchema, removeClinicKey, saveClinicKey } from "@/lib/admin/clinic-key";
import { done, refused, type AdminActionResult } from "@/lib/admin/result";
import { runAdminAction } from "@/lib/admin/run-action";
import { auditClinicKey } from "@/lib/audit/admin-entry";

const KEY_REFUSALS: Record<string, string> = {
  clinic_key_invalid:
    "The platform does not know this key for your clinic. Copy it again from the platform's dashboard; a key of another clinic is refused too.",
  clinic_key_revoked: "This key has been revoked by the clinic. Ask the clinic for a new key and enter that one.",
};

export async function saveClinicKeyAction(_previous: AdminActionResult, form: FormData): Promise<AdminActionResult> {
  // A public endpoint: `form` is whatever the request carried (a string, null…), and reading it must
  // not throw before runAdminAction has checked the caller.
  const clinicKey = form instanceof FormData ? form.get("clinicKey") : null;
  return runAdminAction(
    ClinicKeyInputSchema,
    { clinicKey: clinicKey ?? "" },
    async (actor, input) => {
      try {
        const clinic = await saveClinicKey(actor, input.clinicKey);
        await auditClinicKey(actor, "clinic_key.entered", input.clinicKey, clinic.integration_status);
        revalidatePath("/admin", "layout");
        const status =
          clinic.integration_status === "activated" ? " The platform reports the integration as activated." : "";
        return done(
          `Saved (encrypted). The platform accepted the key.${status} The state below follows the clinic_key events as they arrive.`,
        );
      } catch (error) {
        const why = error instanceof ForbiddenError && error.code ? KEY_REFUSALS[error.code] : undefined;
        if (why) return refused("The key was not saved.", { clinicKey: [why] });
        throw error;
      }
    },
    "The key was not saved.",
  );
}

export async function removeClinicKeyAction(): Promise<AdminActionResult> {
  return runAdminAction(z.object({}), {}, async (actor) => {
    await removeClinicKey(actor);
    await auditClinicKey(actor, "clinic_key.removed");
    revalidatePath("/admin", "layout");
    return done(
      "Removed. Requests go to the platform without a clinic key until you enter a new one; webhooks stop until a key is activated again.",
    );
  });
}
