// Reading a clinic's audit trail for its admins: a filtered page, the people to filter by, and every
// matching entry in batches for the CSV export. Always one clinic's: the clinic comes from the
// signed-in admin, never from the request.
import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { actorLabelOf } from "@/lib/audit/record";
import { patientNames } from "@/lib/people/names";
import { dayRangeIn } from "@/lib/audit/day-range";
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
};

/** The patient an entry's details name (an event read, a patient's page), if any. */
function patientIdOf(details: Record<string, unknown>): string | null {
  const id = details.patientId ?? details.patient_id;
  return typeof id === "string" && id ? id : null;
}

/** The rows with the names of the people and patients they are about, in two reads. */
async function named(clinicId: string, rows: AuditRow[]): Promise<AuditRow[]> {
  const userIds = [...new Set(rows.flatMap((r) => (r.targetType === "user" && r.targetId ? [r.targetId] : [])))];
  const patientIds = [
    ...new Set(
      rows.flatMap((r) => {
        const id = r.targetType === "patient" ? r.targetId : patientIdOf(r.details);
        return id ? [id] : [];
      }),
    ),
  ];
  const [users, patients] = await Promise.all([
    userIds.length
      ? db.user.findMany({
          where: { clinicId, id: { in: userIds } },
          select: { id: true, name: true, platformUserId: true, platformUserType: true },
        })
      : [],
    patientNames(clinicId, patientIds),
  ]);
  const userNames = new Map(users.map((u) => [u.id, actorLabelOf(u)]));
  return rows.map((r) => {
    const patientId = r.targetType === "patient" ? r.targetId : patientIdOf(r.details);
    return {
      ...r,
      targetName: r.targetType === "user" && r.targetId ? (userNames.get(r.targetId) ?? null) : null,
      patientName: patientId ? (patients[patientId] ?? null) : null,
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
