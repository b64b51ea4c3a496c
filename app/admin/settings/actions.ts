"use server";
// The Settings tab's action, admins only: choose the clinic's time zone. The change recounts the
// events chart by day in the new zone (lib/admin/clinic-settings.ts) and is recorded in the audit
// trail with the zone before and after.
import { revalidatePath } from "next/cache";
import { defineFormAction } from "@/lib/actions/builder";
import { done, refused } from "@/lib/results/result";
import { ClinicTimeZoneInputSchema, setClinicTimeZone } from "@/lib/admin/clinic-settings";
import { recordAudit } from "@/lib/audit/record";
import { SECTIONS } from "@/lib/auth/sections";

export const saveTimeZoneAction = defineFormAction(
  {
    name: "clinic-settings.save-time-zone",
    roles: SECTIONS.admin.roles,
    input: ClinicTimeZoneInputSchema,
    fromForm: (form) => ({ timeZone: form.get("timeZone") ?? "" }),
  },
  async ({ actor, input }) => {
    const change = await setClinicTimeZone(actor.clinicId, input.timeZone);
    if (change.kind === "unknown")
      return refused("admin.settings.notSaved", { timeZone: ["admin.settings.errors.dbUnknown"] });
    if (change.kind === "unchanged") return done("admin.settings.unchanged", { zone: input.timeZone });
    await recordAudit({
      clinicId: actor.clinicId,
      actorUserId: actor.userId,
      action: "clinic.settings_changed",
      target: { type: "clinic", id: actor.clinicId },
      details: { setting: "time zone", from: change.before, to: input.timeZone },
    });
    // Every page shows times on this clock (the root layout passes it down).
    revalidatePath("/", "layout");
    return done("admin.settings.saved", { zone: input.timeZone });
  },
);
