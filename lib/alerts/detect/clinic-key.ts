// The clinic key the admin entered was revoked by the clinic (its clinic_key.revoked event arrived
// after the key was entered, as the Clinic key page reads it). Resolves once a new key is entered.
import "server-only";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { clinicKeyState } from "@/lib/admin/key-state";
import type { Verdict } from "@/lib/alerts/finding";
import type { ClinicKeyDetails } from "@/lib/alerts/kinds";

export const CLINIC_KEY_ALERT_KEY = "clinic_key_revoked";

export async function revokedClinicKey(db: PrismaClient, clinicId: string): Promise<Verdict> {
  const [clinic, events] = await Promise.all([
    db.clinic.findUnique({ where: { id: clinicId }, select: { clinicKeyEnc: true, clinicKeySetAt: true } }),
    db.event.findMany({
      where: { clinicId, category: "clinic_keys" },
      orderBy: { createdAt: "desc" },
      take: 20,
      select: { id: true, type: true, createdAt: true },
    }),
  ]);
  const { state, decidedBy } = clinicKeyState(clinic?.clinicKeyEnc ? clinic.clinicKeySetAt : null, events);
  const details: ClinicKeyDetails | null =
    state === "revoked" && decidedBy ? { eventId: decidedBy.id, revokedAt: decidedBy.createdAt.toISOString() } : null;
  return {
    owns: (key) => key === CLINIC_KEY_ALERT_KEY,
    findings: details
      ? [{ key: CLINIC_KEY_ALERT_KEY, kind: "clinic_key_revoked", stage: "open", details: { ...details } }]
      : [],
  };
}
