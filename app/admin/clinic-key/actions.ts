"use server";
// The Clinic key tab's actions: enter or replace the key (tried at the platform first, then stored
// sealed), and remove it. Admins only; the key is never sent back to the browser.
import { revalidatePath } from "next/cache";
import { defineAction, defineFormAction } from "@/lib/actions/builder";
import { done, refused } from "@/lib/results/result";
import { ClinicKeyInputSchema, integrationActivated, removeClinicKey, saveClinicKey } from "@/lib/admin/clinic-key";
import { auditClinicKey } from "@/lib/audit/admin-entry";
import { SECTIONS } from "@/lib/auth/sections";
import { ForbiddenError } from "@/lib/clinic-api/errors";

const KEY_REFUSALS: Record<string, string> = {
  clinic_key_invalid: "admin.actions.keyInvalid",
  clinic_key_revoked: "admin.actions.keyRevoked",
};

export const saveClinicKeyAction = defineFormAction(
  {
    name: "clinic-key.save",
    roles: SECTIONS.admin.roles,
    input: ClinicKeyInputSchema,
    // A missing field (or a request without a form) reads as an empty key.
    fromForm: (form) => ({ clinicKey: form.get("clinicKey") ?? "" }),
  },
  async ({ actor, input }) => {
    try {
      const clinic = await saveClinicKey(actor, input.clinicKey);
      await auditClinicKey(actor, "clinic_key.entered", input.clinicKey, clinic.integration_status);
      revalidatePath("/admin", "layout");
      return done("admin.actions.keySaved", { activated: integrationActivated(clinic) ? "yes" : "no" });
    } catch (error) {
      const why = error instanceof ForbiddenError && error.code ? KEY_REFUSALS[error.code] : undefined;
      if (why) return refused("admin.actions.keyNotSaved", { clinicKey: [why] });
      throw error;
    }
  },
);

export const removeClinicKeyAction = defineAction(
  { name: "clinic-key.remove", roles: SECTIONS.admin.roles },
  async ({ actor }) => {
    await removeClinicKey(actor);
    await auditClinicKey(actor, "clinic_key.removed");
    revalidatePath("/admin", "layout");
    return done("admin.actions.keyRemoved");
  },
);
