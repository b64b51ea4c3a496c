// Sign-in and sign-out in the audit trail, called from next-auth's events (lib/auth/options.ts): the
// session names only the app user, so the clinic is read from the user's row.
import "server-only";
import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record";
import { log } from "@/lib/log/logger";

/** Never throws: signing in or out must not fail because the trail could not be written (that is logged). */
export async function auditSession(userId: string, action: "auth.signed_in" | "auth.signed_out"): Promise<void> {
  const user = await db.user
    .findUnique({ where: { id: userId }, select: { clinicId: true, isAdmin: true } })
    .catch(() => null);
  if (!user) {
    log.error(`audit: could not record ${action}: the user could not be read`);
    return;
  }
  await recordAudit({
    clinicId: user.clinicId,
    actorUserId: userId,
    action,
    target: { type: "user", id: userId },
    details: action === "auth.signed_in" ? { admin: user.isAdmin } : {},
  });
}
