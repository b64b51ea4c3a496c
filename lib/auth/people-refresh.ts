// Keeps a clinic's directory fresh in the background (a job after each reconciliation, with the
// connection jobs use): the platform's lists read again, names and roles updated, and admin rights
// brought in line with the roles (lib/auth/admin-rights.ts), all under the clinic's lock.
import "server-only";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { applyAdminRights, lockClinic } from "@/lib/auth/admin-rights";
import { readPlatformPeople, savePlatformPeople, type PeopleSource } from "@/lib/people/directory";

/** Returns how many people the platform listed, or null when it has no lists (nothing changes). */
export async function refreshClinicPeople(db: PrismaClient, source: PeopleSource, clinicId: string) {
  const people = await readPlatformPeople(source);
  if (!people) return null;
  const rights = await db.$transaction(
    async (tx) => {
      await lockClinic(tx, clinicId);
      await savePlatformPeople(tx, clinicId, people.entries, people.listed);
      return applyAdminRights(tx, clinicId);
    },
    { timeout: 30_000 },
  );
  return { listed: people.entries.length, ...rights };
}
