// The clinic's people (practitioners and staff) by platform id, so pages say who is who. Sources, best
// first: the platform's people lists (an extension; docs/platform-api.md), read at sign-in and in the
// background; a name an event carried; the name a person typed at their first sign-in when the
// platform has no lists. A person the app knows nothing about is shown by id (lib/people/names.ts).
import "server-only";
import { CLINIC_ADMIN_ROLE, type Practitioner, type StaffMember, type UserType } from "@/lib/contract";
import type { ClinicClient } from "@/lib/clinic-api/client";
import { NotFoundError } from "@/lib/clinic-api/errors";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";

type DbOrTx = PrismaClient | Prisma.TransactionClient;

export type PeopleSource = Pick<ClinicClient, "allPractitioners" | "allStaff">;

export interface DirectoryEntry {
  platformUserId: string;
  type: UserType;
  firstName: string;
  lastName: string;
  email: string | null;
  /** Staff role as the platform names it; null for practitioners. */
  role: string | null;
}

export const fullName = (first: string | null | undefined, last: string | null | undefined): string =>
  [first, last]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");

const entryOf = (type: UserType, p: Practitioner | StaffMember): DirectoryEntry => ({
  platformUserId: p.id,
  type,
  firstName: p.first_name,
  lastName: p.last_name,
  email: p.email,
  role: "role" in p ? p.role : null,
});

/** The platform's people of the token's clinic; null when the platform has no such lists (404). */
export async function readPlatformPeople(source: PeopleSource): Promise<DirectoryEntry[] | null> {
  try {
    const out: DirectoryEntry[] = [];
    for await (const p of source.allPractitioners()) out.push(entryOf("Practitioner", p));
    for await (const s of source.allStaff()) out.push(entryOf("Staff", s));
    return out;
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

/** Whether the platform makes this person an admin of the clinic. */
export const isPlatformAdmin = (entry: Pick<DirectoryEntry, "type" | "role">): boolean =>
  entry.type === "Staff" && entry.role === CLINIC_ADMIN_ROLE;

/**
 * Stores the platform's list as the clinic's directory: everyone on it is upserted, and people the
 * list no longer has are kept (their names stay in the history) but marked unlisted. App users'
 * names follow, so every page that names a user reads the directory's name.
 */
export async function savePlatformPeople(db: DbOrTx, clinicId: string, entries: DirectoryEntry[]): Promise<void> {
  for (const e of entries) {
    const data = {
      type: e.type,
      firstName: e.firstName,
      lastName: e.lastName,
      displayName: fullName(e.firstName, e.lastName) || e.platformUserId,
      email: e.email,
      role: e.role,
      source: "platform" as const,
      listed: true,
    };
    await db.person.upsert({
      where: { clinicId_platformUserId: { clinicId, platformUserId: e.platformUserId } },
      create: { clinicId, platformUserId: e.platformUserId, ...data },
      update: data,
    });
    await db.user.updateMany({
      where: { clinicId, platformUserId: e.platformUserId },
      data: { name: data.displayName },
    });
  }
  await db.person.updateMany({
    where: {
      clinicId,
      source: "platform",
      listed: true,
      platformUserId: { notIn: entries.map((e) => e.platformUserId) },
    },
    data: { listed: false },
  });
}

/**
 * A name from a weaker source (an event, or what the person typed): kept only where the platform's
 * list has not named them. Returns whether it was stored.
 */
export async function rememberName(
  db: DbOrTx,
  clinicId: string,
  person: { platformUserId: string; type: UserType; name: string; source: "self" | "event"; role?: string | null },
): Promise<boolean> {
  const name = person.name.trim().replace(/\s+/g, " ").slice(0, 120);
  if (!name) return false;
  const key = { clinicId_platformUserId: { clinicId, platformUserId: person.platformUserId } };
  const existing = await db.person.findUnique({ where: key, select: { source: true } });
  if (existing?.source === "platform") return false;
  const data = { type: person.type, displayName: name, source: person.source, role: person.role ?? null };
  await db.person.upsert({
    where: key,
    create: { clinicId, platformUserId: person.platformUserId, ...data },
    update: data,
  });
  await db.user.updateMany({ where: { clinicId, platformUserId: person.platformUserId }, data: { name } });
  return true;
}
