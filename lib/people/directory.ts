// The clinic's people (practitioners and staff) by platform id, so pages say who is who. Sources, best
// first: the platform's people lists (an extension; docs/platform-api.md), read at sign-in and in the
// background; a name an event carried; the name a person typed at their first sign-in when the
// platform has no lists. A person the app knows nothing about is shown by id (lib/people/names.ts).
import "server-only";
import { z } from "zod";
import { CLINIC_ADMIN_ROLE, CLINIC_PATHS, type Practitioner, type StaffMember, type UserType } from "@/lib/contract";
import type { ClinicClient } from "@/lib/clinic-api/client";
import { NotFoundError } from "@/lib/clinic-api/errors";
import { callOptionalPath } from "@/lib/clinic-api/optional-paths";
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

// Only the id is certain: the documentation shows the staff list's path, not its fields.
const entryOf = (type: UserType, p: Practitioner | StaffMember): DirectoryEntry => ({
  platformUserId: p.id,
  type,
  firstName: p.first_name ?? "",
  lastName: p.last_name ?? "",
  email: p.email ?? null,
  role: type === "Staff" && typeof p.role === "string" ? p.role : null,
});

const readAll = async (type: UserType, list: () => AsyncIterable<Practitioner | StaffMember>) => {
  const out: DirectoryEntry[] = [];
  for await (const p of list()) out.push(entryOf(type, p));
  return out;
};

/** The documented staff list's entries; null when this platform answers 404 (asked again next time). */
async function readStaff(source: PeopleSource): Promise<DirectoryEntry[] | null> {
  try {
    return await readAll("Staff", () => source.allStaff());
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

/** The people the platform listed, and which of its lists answered (only those say who left). */
export interface PlatformPeople {
  entries: DirectoryEntry[];
  listed: UserType[];
}

/**
 * The platform's people of the token's clinic; null when the platform has neither list (404). Each
 * list stands alone: the staff list is documented, the practitioners list is not (a 404 turns it off
 * for the process: lib/clinic-api/optional-paths.ts), and the one answering 404 must not cost the other.
 */
export async function readPlatformPeople(source: PeopleSource): Promise<PlatformPeople | null> {
  const practitioners = await callOptionalPath(CLINIC_PATHS.practitioners, () =>
    readAll("Practitioner", () => source.allPractitioners()),
  );
  const staff = await readStaff(source);
  if (practitioners === null && staff === null) return null;
  return {
    entries: [...(practitioners ?? []), ...(staff ?? [])],
    listed: [...(practitioners ? (["Practitioner"] as const) : []), ...(staff ? (["Staff"] as const) : [])],
  };
}

/** Whether the platform makes this person an admin of the clinic. */
export const isPlatformAdmin = (entry: Pick<DirectoryEntry, "type" | "role">): boolean =>
  entry.type === "Staff" && entry.role === CLINIC_ADMIN_ROLE;

/**
 * Stores the platform's list as the clinic's directory: everyone on it is upserted, and people the
 * lists that answered (`listed`) no longer have are kept (their names stay in the history) but
 * marked unlisted; a list the platform lacks unlists nobody. App users' names follow, so every page
 * that names a user reads the directory's name.
 */
export async function savePlatformPeople(
  db: DbOrTx,
  clinicId: string,
  entries: DirectoryEntry[],
  listed: readonly UserType[] = ["Practitioner", "Staff"],
): Promise<void> {
  const rows = entries.map((e) => ({
    id: e.platformUserId,
    type: e.type,
    first: e.firstName,
    last: e.lastName,
    display: fullName(e.firstName, e.lastName) || e.platformUserId,
    email: e.email,
    role: e.role,
  }));
  // One statement each, however many people: a sign-in holds the clinic's lock while this runs.
  await db.$executeRaw`
    INSERT INTO people (clinic_id, platform_user_id, type, first_name, last_name, display_name, email, role, source, listed, updated_at)
    SELECT ${clinicId}, r.id, r.type::"PlatformUserType", r.first, r.last, r.display, r.email, r.role, 'platform', true, now()
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      AS r(id text, type text, first text, last text, display text, email text, role text)
    ON CONFLICT (clinic_id, platform_user_id) DO UPDATE SET
      type = EXCLUDED.type, first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name,
      display_name = EXCLUDED.display_name, email = EXCLUDED.email, role = EXCLUDED.role,
      source = 'platform', listed = true, updated_at = now()
    WHERE (people.type, people.first_name, people.last_name, people.display_name, people.email, people.role, people.source, people.listed)
      IS DISTINCT FROM (EXCLUDED.type, EXCLUDED.first_name, EXCLUDED.last_name, EXCLUDED.display_name, EXCLUDED.email, EXCLUDED.role, EXCLUDED.source, EXCLUDED.listed)`;
  await db.$executeRaw`
    UPDATE people SET listed = false, updated_at = now()
    WHERE clinic_id = ${clinicId} AND source = 'platform' AND listed AND type::text = ANY(${[...listed]}::text[])
      AND NOT (platform_user_id = ANY(${rows.map((r) => r.id)}::text[]))`;
  await db.$executeRaw`
    UPDATE users u SET name = p.display_name FROM people p
    WHERE u.clinic_id = ${clinicId} AND p.clinic_id = u.clinic_id AND p.platform_user_id = u.platform_user_id
      AND u.name IS DISTINCT FROM p.display_name`;
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

// Ids as long as the event store allows its own (lib/events/record.ts): a longer one is no platform
// id, and kept as a key it could exceed what an index entry holds and fail the event's processing.
const EventPersonSchema = z.object({ id: z.string().min(1).max(200), first_name: z.string(), last_name: z.string() });

export interface PatientNameFromEvent {
  clinicId: string;
  patientId: string;
  name: string;
  asOf: Date;
}

// A lab order names its patient too: patient_id beside the patient's first_name and last_name.
const LabOrderPatientSchema = z.object({
  patient_id: z.string().min(1).max(200),
  first_name: z.string(),
  last_name: z.string(),
});

/** The patient name an event's data carries (`data.patient`, or a lab order's `data.lab_order`), if any. */
export function patientNameOf(clinicId: string, data: unknown, asOf: Date): PatientNameFromEvent | null {
  if (!data || typeof data !== "object") return null;
  const record = data as Record<string, unknown>;
  const patient = EventPersonSchema.safeParse(record.patient);
  const lab = patient.success ? null : LabOrderPatientSchema.safeParse(record.lab_order);
  const found = patient.success
    ? { id: patient.data.id, first: patient.data.first_name, last: patient.data.last_name }
    : lab?.success
      ? { id: lab.data.patient_id, first: lab.data.first_name, last: lab.data.last_name }
      : null;
  if (!found) return null;
  const name = fullName(found.first, found.last);
  return name ? { clinicId, patientId: found.id, name, asOf } : null;
}

/** Stores patients' names in one statement, the newest event's name winning (also over stored ones). */
export async function rememberPatientNames(db: DbOrTx, names: PatientNameFromEvent[]): Promise<void> {
  if (names.length === 0) return;
  const rows = names.map((n) => ({ c: n.clinicId, p: n.patientId, n: n.name, at: n.asOf.toISOString().slice(0, 23) }));
  await db.$executeRaw`
    INSERT INTO patient_names (clinic_id, patient_id, name, as_of)
    SELECT DISTINCT ON (r.c, r.p) r.c, r.p, r.n, r.at::timestamp
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(c text, p text, n text, at text)
    ORDER BY r.c, r.p, r.at DESC
    ON CONFLICT (clinic_id, patient_id) DO UPDATE SET name = EXCLUDED.name, as_of = EXCLUDED.as_of
    WHERE patient_names.as_of <= EXCLUDED.as_of AND patient_names.name IS DISTINCT FROM EXCLUDED.name`;
}

/** A practitioner or staff member an event names (`data.practitioner`, `data.staff`). */
export interface PersonFromEvent {
  clinicId: string;
  platformUserId: string;
  type: UserType;
  name: string;
}

/** The practitioner and staff member an event's data names, if any. */
export function peopleOfEvent(clinicId: string, data: unknown): PersonFromEvent[] {
  if (!data || typeof data !== "object") return [];
  return (
    [
      ["practitioner", "Practitioner"],
      ["staff", "Staff"],
    ] as const
  ).flatMap(([key, type]) => {
    const parsed = EventPersonSchema.safeParse((data as Record<string, unknown>)[key]);
    if (!parsed.success) return [];
    const p = parsed.data;
    return [{ clinicId, platformUserId: p.id, type, name: fullName(p.first_name, p.last_name) }];
  });
}

/**
 * Keeps the names events carry, `mentions` ordered oldest first: the newest mention of a person
 * wins, and rows are written in key order, so that two processings at once that name the same
 * people lock their rows in the same order (never a deadlock).
 */
export async function rememberPeopleFromEvents(db: DbOrTx, mentions: readonly PersonFromEvent[]): Promise<void> {
  const newest = new Map<string, PersonFromEvent>();
  for (const m of mentions) newest.set(`${m.clinicId}\u0000${m.platformUserId}`, m);
  const keys = [...newest.keys()].sort();
  for (const key of keys) {
    const { clinicId, ...person } = newest.get(key)!;
    await rememberName(db, clinicId, { ...person, source: "event" });
  }
}
