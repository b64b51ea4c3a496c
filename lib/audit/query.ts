// Reading a clinic's audit trail for its admins: a filtered page, the people to filter by, and every
// matching entry in batches for the CSV export. Always one clinic's: the clinic comes from the
// signed-in admin, never from the request.
import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { actorLabelOf } from "@/lib/audit/record";
import { patientNames, peopleNames } from "@/lib/people/names";
import { dayRangeIn } from "@/lib/format/days";
import { SYSTEM_PERSON, type AuditFilters } from "@/lib/audit/filters";
import type { HashedFields } from "@/lib/audit/hash";

export const AUDIT_PAGE_SIZE = 50;

/**
 * An entry as the page and the export show it: its hashed fields (the clinic is the reader's), its
 * hash, and the names of the person and the patient it is about as the app knows them now (read
 * beside the entry, never part of it: a name learnt later names old entries too).
 */
export type AuditRow = Omit<HashedFields, "clinicId"> & {
  hash: string;
  targetName?: string | null;
  patientName?: string | null;
  /** Names of the patients its details name by id (a search's shown patients, an event read's patient). */
  names?: Record<string, string>;
};

/** The patient an entry's details name (an event read, a patient's page), if any. */
function patientIdOf(details: Record<string, unknown>): string | null {
  const id = details.patientId ?? details.patient_id;
  return typeof id === "string" && id ? id : null;
}

/** Patient ids a row's details list (`shownPatientIds` of a search). */
function listedPatientIds(details: Record<string, unknown>): string[] {
  return Object.entries(details).flatMap(([key, value]) =>
    /patientIds$/i.test(key) && Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [],
  );
}

/** The rows with the names of the people and patients they are about, in a few reads. */
async function named(clinicId: string, rows: AuditRow[]): Promise<AuditRow[]> {
  const idsOf = (type: string) => [
    ...new Set(rows.flatMap((r) => (r.targetType === type && r.targetId ? [r.targetId] : []))),
  ];
  // A connection is named by whose it is: a person's, or the clinic's own (it has no user).
  const connectionIds = idsOf("connection");
  const owners = connectionIds.length
    ? await db.platformConnection.findMany({
        where: { clinicId, id: { in: connectionIds } },
        select: { id: true, userId: true },
      })
    : [];
  const ownerOf = new Map(owners.flatMap((c) => (c.userId ? [[c.id, c.userId] as const] : [])));
  const clinicsOwn = new Set(owners.flatMap((c) => (c.userId ? [] : [c.id])));
  const userIds = [...new Set([...idsOf("user"), ...ownerOf.values()])];
  const patientIds = [
    ...new Set(
      rows.flatMap((r) => {
        const id = r.targetType === "patient" ? r.targetId : patientIdOf(r.details);
        return [...(id ? [id] : []), ...listedPatientIds(r.details)];
      }),
    ),
  ];
  // Someone who had not signed in yet (an admin's early grant) is named by the platform's lists.
  const personIds = idsOf("person");
  // An entry about the clinic itself (its key, its settings) is named by the clinic's name.
  const aboutClinic = idsOf("clinic").includes(clinicId) || clinicsOwn.size > 0;
  const [users, patients, people, clinic] = await Promise.all([
    userIds.length
      ? db.user.findMany({
          where: { clinicId, id: { in: userIds } },
          select: { id: true, name: true, platformUserId: true, platformUserType: true },
        })
      : [],
    patientNames(clinicId, patientIds),
    personIds.length ? peopleNames(clinicId, personIds) : ({} as Record<string, string>),
    aboutClinic ? db.clinic.findUnique({ where: { id: clinicId }, select: { name: true } }) : null,
  ]);
  const userNames = new Map(users.map((u) => [u.id, actorLabelOf(u)]));
  return rows.map((r) => {
    const patientId = r.targetType === "patient" ? r.targetId : patientIdOf(r.details);
    return {
      ...r,
      targetName: !r.targetId
        ? null
        : r.targetType === "user"
          ? (userNames.get(r.targetId) ?? null)
          : r.targetType === "person"
            ? (people[r.targetId] ?? null)
            : r.targetType === "connection"
              ? clinicsOwn.has(r.targetId)
                ? clinic?.name || null
                : (userNames.get(ownerOf.get(r.targetId) ?? "") ?? null)
              : r.targetType === "clinic" && r.targetId === clinicId
                ? clinic?.name || null
                : null,
      patientName: patientId ? (patients[patientId] ?? null) : null,
      names: Object.fromEntries(
        [...(patientId ? [patientId] : []), ...listedPatientIds(r.details)].flatMap((id) =>
          patients[id] ? [[id, patients[id]]] : [],
        ),
      ),
    };
  });
}

/** The filters' days are days in `timeZone` (the clinic's). */
function whereOf(clinicId: string, f: AuditFilters, timeZone: string): Prisma.AuditEntryWhereInput {
  const at = dayRangeIn(f.from, f.to, timeZone);
  return {
    clinicId,
    ...(f.person ? { actorUserId: f.person === SYSTEM_PERSON ? null : f.person } : {}),
    ...(f.action ? { action: f.action } : {}),
    ...(at.gte || at.lt ? { at } : {}),
  };
}

type EntryRecord = Prisma.AuditEntryGetPayload<object>;

function rowOf(e: EntryRecord): AuditRow {
  return {
    seq: e.seq,
    at: e.at.toISOString(),
    actorUserId: e.actorUserId,
    actorLabel: e.actorLabel,
    action: e.action,
    targetType: e.targetType,
    targetId: e.targetId,
    details: (e.details ?? {}) as Record<string, unknown>,
    hash: e.hash,
  };
}

export async function listAuditEntries(
  clinicId: string,
  filters: AuditFilters,
  timeZone: string,
): Promise<{ rows: AuditRow[]; total: number; pages: number }> {
  const where = whereOf(clinicId, filters, timeZone);
  const [entries, total] = await Promise.all([
    db.auditEntry.findMany({
      where,
      orderBy: { seq: "desc" },
      skip: (filters.page - 1) * AUDIT_PAGE_SIZE,
      take: AUDIT_PAGE_SIZE,
    }),
    db.auditEntry.count({ where }),
  ]);
  return { rows: await named(clinicId, entries.map(rowOf)), total, pages: Math.ceil(total / AUDIT_PAGE_SIZE) };
}

/** Every matching entry, newest first, a batch at a time (the export never holds the whole trail). */
export async function* auditEntriesInBatches(
  clinicId: string,
  filters: AuditFilters,
  timeZone: string,
  batchSize = 500,
): AsyncGenerator<AuditRow[]> {
  const where = whereOf(clinicId, filters, timeZone);
  for (let before: number | undefined; ;) {
    const batch = await db.auditEntry.findMany({
      where: before === undefined ? where : { AND: [where, { seq: { lt: before } }] },
      orderBy: { seq: "desc" },
      take: batchSize,
    });
    if (batch.length > 0) yield await named(clinicId, batch.map(rowOf));
    if (batch.length < batchSize) return;
    before = batch[batch.length - 1].seq;
  }
}

/** The clinic's people for the person filter (with the app itself, called `systemLabel`). */
export async function auditPeople(
  clinicId: string,
  systemLabel: string,
): Promise<Array<{ value: string; label: string }>> {
  const users = await db.user.findMany({
    where: { clinicId },
    orderBy: { createdAt: "asc" },
    select: { id: true, name: true, platformUserId: true, platformUserType: true },
  });
  return [...users.map((u) => ({ value: u.id, label: actorLabelOf(u) })), { value: SYSTEM_PERSON, label: systemLabel }];
}
