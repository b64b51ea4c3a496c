// Who administers a clinic in the app. In order: an admin's explicit promote or demote of that
// person (recorded with who did it); else the platform's word (a staff member whose role is "Clinic
// admin", read from the clinic's people lists); else, where the platform has no lists, what an
// operator granted (`npm run admin:grant`). Signing in first decides nothing. A change the platform's
// lists would make never leaves the clinic without an admin: the last ones keep the right until the
// platform names another (or an admin hands it over).
import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { isPlatformAdmin } from "@/lib/people/directory";

type Tx = Prisma.TransactionClient;

export interface AdminInputs {
  isAdmin: boolean;
  adminOverride: boolean | null;
  /** What the platform's lists say; null when they do not name this person. */
  platformAdmin: boolean | null;
}

export function desiredAdmin({ isAdmin, adminOverride, platformAdmin }: AdminInputs): boolean {
  if (adminOverride !== null) return adminOverride;
  if (platformAdmin !== null) return platformAdmin;
  return isAdmin;
}

/**
 * Brings the clinic's users' admin right in line with the rule above. Runs in the caller's
 * transaction, which must hold the clinic row's lock (sign-in and the admin actions take it).
 * Returns the ids of users whose right changed.
 */
export async function applyAdminRights(tx: Tx, clinicId: string): Promise<{ granted: string[]; removed: string[] }> {
  await takeUpEarlyGrants(tx, clinicId);
  const [users, people] = await Promise.all([
    tx.user.findMany({
      where: { clinicId },
      select: { id: true, platformUserId: true, isAdmin: true, adminOverride: true },
    }),
    tx.person.findMany({
      where: { clinicId, source: "platform" },
      select: { platformUserId: true, type: true, role: true, listed: true },
    }),
  ]);
  const platform = new Map(people.map((p) => [p.platformUserId, p.listed && isPlatformAdmin(p)]));
  const wanted = users.map((u) => ({
    ...u,
    wanted: desiredAdmin({ ...u, platformAdmin: platform.get(u.platformUserId) ?? null }),
  }));
  const keepCurrent = !wanted.some((u) => u.wanted) && users.some((u) => u.isAdmin);
  const granted = wanted.filter((u) => u.wanted && !u.isAdmin).map((u) => u.id);
  const removed = keepCurrent ? [] : wanted.filter((u) => !u.wanted && u.isAdmin).map((u) => u.id);
  if (granted.length) await tx.user.updateMany({ where: { id: { in: granted } }, data: { isAdmin: true } });
  if (removed.length) await tx.user.updateMany({ where: { id: { in: removed } }, data: { isAdmin: false } });
  return { granted, removed };
}

/**
 * A grant an admin gave someone before their first sign-in (kept on their directory entry) becomes
 * their user's override once they have one, with who gave it and when; the entry's grant is cleared.
 */
async function takeUpEarlyGrants(tx: Tx, clinicId: string): Promise<void> {
  const taken = await tx.$queryRaw<{ platform_user_id: string }[]>`
    UPDATE users u SET admin_override = true, admin_override_by_id = p.admin_grant_by_id, admin_override_at = p.admin_grant_at
    FROM people p
    WHERE u.clinic_id = ${clinicId} AND p.clinic_id = u.clinic_id AND p.platform_user_id = u.platform_user_id
      AND p.admin_grant_at IS NOT NULL
    RETURNING u.platform_user_id`;
  if (taken.length === 0) return;
  await tx.person.updateMany({
    where: { clinicId, platformUserId: { in: taken.map((t) => t.platform_user_id) } },
    data: { adminGrantById: null, adminGrantAt: null },
  });
}

/** Locks the clinic's row for the rest of the transaction: admin changes of one clinic go one at a time. */
export async function lockClinic(tx: Tx, clinicId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM clinics WHERE id = ${clinicId} FOR UPDATE`;
}
